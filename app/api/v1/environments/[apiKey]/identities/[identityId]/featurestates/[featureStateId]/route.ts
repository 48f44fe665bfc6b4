// GET/PUT/PATCH/DELETE /api/v1/environments/{api_key}/identities/{id}/featurestates/{fs_id}/ — one identity override
import { withApi } from "@/lib/api/handler";
import {
  deleteIdentityOverride,
  getIdentityOverride,
  updateIdentityOverride,
} from "@/lib/identities/overrides";
import { ZIdentityOverrideParams, ZIdentityOverrideUpdate } from "@/lib/identities/schemas";

const params = ZIdentityOverrideParams;
export const GET = withApi(
  { auth: "user", permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey }, params },
  ({ user, params }) => getIdentityOverride(user.id, params.apiKey, params.identityId, params.featureStateId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZIdentityOverrideUpdate,
  },
  ({ user, params, body }) => updateIdentityOverride(user.id, params.apiKey, params, body, { patch: false }),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZIdentityOverrideUpdate,
  },
  ({ user, params, body }) => updateIdentityOverride(user.id, params.apiKey, params, body, { patch: true }),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    status: 204,
  },
  ({ user, params }) =>
    deleteIdentityOverride(user.id, params.apiKey, params.identityId, params.featureStateId),
);
