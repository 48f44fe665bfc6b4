// GET /api/v1/environments/{api_key}/edge-identities/{uuid}/edge-featurestates/all/ — every flag as the identity resolves it
import { withApi } from "@/lib/route/handler";
import { listEdgeIdentityAllStates } from "@/lib/identities/all-states";
import { ZEdgeIdentityParams } from "@/lib/identities/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZResolvedFlagList } from "@/lib/identities/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params: ZEdgeIdentityParams,
    openapi: {
      operationId: "listEdgeIdentityAllFeatureStates",
      summary: "Resolve every flag for an edge identity",
      description:
        "Every feature as the identity resolves it (identity > segment > default), with what decided it.",
      tag: "Edge identities",
      responses: {
        200: ok("The resolved flags.", ZResolvedFlagList),
        404: notFound("The environment or the identity"),
      },
    },
  },
  ({ user, params }) => listEdgeIdentityAllStates(user.id, params.apiKey, params.identityUuid),
);
