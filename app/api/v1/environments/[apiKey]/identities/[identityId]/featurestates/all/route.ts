// GET /api/v1/environments/{api_key}/identities/{id}/featurestates/all/ — every flag as the identity resolves it
import { withApi } from "@/lib/route/handler";
import { listIdentityAllStates } from "@/lib/identities/all-states";
import { ZIdentityParams } from "@/lib/identities/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZResolvedFlagList } from "@/lib/identities/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params: ZIdentityParams,
    openapi: {
      operationId: "listIdentityAllFeatureStates",
      summary: "Resolve every flag for an identity",
      description:
        "Every feature as the identity resolves it (identity > segment > default), with what decided it.",
      tag: "Identities",
      responses: {
        200: ok("The resolved flags.", ZResolvedFlagList),
        404: notFound("The environment or the identity"),
      },
    },
  },
  ({ user, params }) => listIdentityAllStates(user.id, params.apiKey, params.identityId),
);
