// PUT /api/v1/environments/{api_key}/edge-identities/{uuid}/update-traits/ — set one trait (null deletes it)
import { withApi } from "@/lib/api/handler";
import { updateEdgeTraits } from "@/lib/identities/edge-identities";
import { ZEdgeIdentityParams, ZEdgeTraitUpdate } from "@/lib/identities/schemas";

export const PUT = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params: ZEdgeIdentityParams,
    body: ZEdgeTraitUpdate,
  },
  ({ user, params, body }) => updateEdgeTraits(user.id, params.apiKey, params.identityUuid, body),
);
