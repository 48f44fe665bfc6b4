// GET /api/v1/environments/{api_key}/identities/{id}/featurestates/all/ — every flag as the identity resolves it
import { withApi } from "@/lib/api/handler";
import { listIdentityAllStates } from "@/lib/identities/all-states";
import { ZIdentityParams } from "@/lib/identities/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params: ZIdentityParams,
  },
  ({ user, params }) => listIdentityAllStates(user.id, params.apiKey, params.identityId),
);
