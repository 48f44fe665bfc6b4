// GET/PUT/PATCH/DELETE /api/v1/environments/{api_key}/identities/{id}/ — one identity; DELETE takes its traits and overrides
import { withApi } from "@/lib/api/handler";
import { deleteIdentity, getIdentity, updateIdentity } from "@/lib/identities/identities";
import { ZIdentityCreate, ZIdentityParams } from "@/lib/identities/schemas";

const params = ZIdentityParams;

export const GET = withApi(
  { auth: "user", permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey }, params },
  ({ user, params }) => getIdentity(user.id, params.apiKey, params.identityId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZIdentityCreate,
  },
  ({ user, params, body }) => updateIdentity(user.id, params.apiKey, params.identityId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZIdentityCreate.partial(),
  },
  ({ user, params, body }) => updateIdentity(user.id, params.apiKey, params.identityId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    status: 204,
  },
  ({ user, params }) => deleteIdentity(user.id, params.apiKey, params.identityId),
);
