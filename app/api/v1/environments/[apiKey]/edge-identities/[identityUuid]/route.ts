// GET/PUT/PATCH/DELETE /api/v1/environments/{api_key}/edge-identities/{uuid}/ — one identity by uuid
import { withApi } from "@/lib/api/handler";
import { deleteEdgeIdentity, getEdgeIdentity, updateEdgeIdentity } from "@/lib/identities/edge-identities";
import { ZEdgeIdentityParams, ZEdgeIdentityUpdate } from "@/lib/identities/schemas";

const params = ZEdgeIdentityParams;

export const GET = withApi(
  { auth: "user", permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey }, params },
  ({ user, params }) => getEdgeIdentity(user.id, params.apiKey, params.identityUuid),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZEdgeIdentityUpdate,
  },
  ({ user, params, body }) => updateEdgeIdentity(user.id, params.apiKey, params.identityUuid, body),
);
export const PATCH = PUT;
export const DELETE = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    status: 204,
  },
  ({ user, params }) => deleteEdgeIdentity(user.id, params.apiKey, params.identityUuid),
);
