// GET/PUT/PATCH/DELETE /api/v1/organisations/{id}/master-api-keys/{prefix}/ — one key by its prefix
import { withApi } from "@/lib/api/handler";
import {
  getMasterApiKey,
  revokeMasterApiKey,
  updateMasterApiKey,
} from "@/lib/master-api-keys/master-api-keys";
import { ZMasterApiKeyCreate, ZMasterApiKeyParams, ZMasterApiKeyUpdate } from "@/lib/master-api-keys/schemas";

const params = ZMasterApiKeyParams;
const owner = (userId: number, organisationId: number) => ({ userId, organisationId });

export const GET = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params,
  },
  ({ user, params }) => getMasterApiKey(owner(user.id, params.organisationId), params.prefix),
);
export const PUT = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params,
    body: ZMasterApiKeyCreate,
  },
  ({ user, params, body }) => updateMasterApiKey(owner(user.id, params.organisationId), params.prefix, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params,
    body: ZMasterApiKeyUpdate,
  },
  ({ user, params, body }) => updateMasterApiKey(owner(user.id, params.organisationId), params.prefix, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params,
    status: 204,
  },
  ({ user, params }) => revokeMasterApiKey(owner(user.id, params.organisationId), params.prefix),
);
