// GET /api/v1/environments/{api_key}/edge-identities/{uuid}/list-traits/ — the identity's traits as {trait_key, trait_value}
import { withApi } from "@/lib/route/handler";
import { listEdgeTraits } from "@/lib/identities/edge-identities";
import { ZEdgeIdentityParams } from "@/lib/identities/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZEdgeTraitList } from "@/lib/identities/edge-responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params: ZEdgeIdentityParams,
    openapi: {
      operationId: "listEdgeIdentityTraits",
      summary: "List the traits of an edge identity",
      tag: "Edge identities",
      responses: { 200: ok("The traits.", ZEdgeTraitList), 404: notFound("The environment or the identity") },
    },
  },
  ({ user, params }) => listEdgeTraits(user.id, params.apiKey, params.identityUuid),
);
