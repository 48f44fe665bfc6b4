// GET/PUT/PATCH/DELETE /api/v1/organisations/{id}/master-api-keys/{prefix}/ — one key by its prefix
import { withApi } from "@/lib/api/handler";
import {
  getMasterApiKey,
  revokeMasterApiKey,
  updateMasterApiKey,
} from "@/lib/master-api-keys/master-api-keys";
import { ZMasterApiKeyCreate, ZMasterApiKeyParams, ZMasterApiKeyUpdate } from "@/lib/master-api-keys/schemas";

const permission = {
  organisation: "ADMIN",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZMasterApiKeyParams;
const owner = (userId: number, organisationId: number) => ({ userId, organisationId });

export const GET = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission,
    params,
  },
  ({ user, params }) => getMasterApiKey(owner(user.id, params.organisationId), params.prefix),
);
export const PUT = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission,
    params,
    body: ZMasterApiKeyCreate,
  },
  ({ user, params, body }) => updateMasterApiKey(owner(user.id, params.organisationId), params.prefix, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission,
    params,
    body: ZMasterApiKeyUpdate,
  },
  ({ user, params, body }) => updateMasterApiKey(owner(user.id, params.organisationId), params.prefix, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission,
    params,
    status: 204,
  },
  ({ user, params }) => revokeMasterApiKey(owner(user.id, params.organisationId), params.prefix),
);
