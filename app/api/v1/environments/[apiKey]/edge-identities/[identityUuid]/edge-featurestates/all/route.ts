// GET /api/v1/environments/{api_key}/edge-identities/{uuid}/edge-featurestates/all/ — every flag as the identity resolves it
import { withApi } from "@/lib/api/handler";
import { listEdgeIdentityAllStates } from "@/lib/identities/all-states";
import { ZEdgeIdentityParams } from "@/lib/identities/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params: ZEdgeIdentityParams,
  },
  ({ user, params }) => listEdgeIdentityAllStates(user.id, params.apiKey, params.identityUuid),
);
