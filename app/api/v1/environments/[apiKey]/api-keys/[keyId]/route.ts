// GET/PUT/PATCH/DELETE /api/v1/environments/{api_key}/api-keys/{id}/ — one server-side key; DELETE revokes it
import { withApi } from "@/lib/api/handler";
import { ZServerKeyParams, ZServerKeyUpdate } from "@/lib/environments/schemas";
import { getServerKey, revokeServerKey, updateServerKey } from "@/lib/environments/server-keys";

const permission = {
  environment: "ADMIN",
  of: (c: { params: { apiKey: string } }) => c.params.apiKey,
} as const;

const params = ZServerKeyParams;

export const GET = withApi({ auth: "user", permission, params }, ({ user, params }) =>
  getServerKey(user.id, params.apiKey, params.keyId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZServerKeyUpdate,
  },
  ({ user, params, body }) => updateServerKey(user.id, params.apiKey, params.keyId, body),
);
export const PATCH = PUT;
export const DELETE = withApi({ auth: "user", permission, params, status: 204 }, ({ user, params }) =>
  revokeServerKey(user.id, params.apiKey, params.keyId),
);
