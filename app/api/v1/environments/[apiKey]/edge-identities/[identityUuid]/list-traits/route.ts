// GET /api/v1/environments/{api_key}/edge-identities/{uuid}/list-traits/ — the identity's traits as {trait_key, trait_value}
import { withApi } from "@/lib/api/handler";
import { listEdgeTraits } from "@/lib/identities/edge-identities";
import { ZEdgeIdentityParams } from "@/lib/identities/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params: ZEdgeIdentityParams,
  },
  ({ user, params }) => listEdgeTraits(user.id, params.apiKey, params.identityUuid),
);
