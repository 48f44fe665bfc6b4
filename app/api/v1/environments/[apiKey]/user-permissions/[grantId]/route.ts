// GET/PUT/PATCH/DELETE /api/v1/environments/{apiKey}/user-permissions/{id}/ — one user grant on this environment
import { withApi } from "@/lib/api/handler";
import { deleteGrant, getGrant, updateGrant, environmentScope } from "@/lib/permissions/grants";
import { ZEnvironmentGrantParams, ZUserGrantWrite, ZUserGrantPatch } from "@/lib/permissions/schemas";

const permission = {
  environment: "ADMIN",
  of: (c: { params: { apiKey: string } }) => c.params.apiKey,
} as const;

const params = ZEnvironmentGrantParams;

export const GET = withApi({ auth: "user", permission, params }, async ({ params }) =>
  getGrant(await environmentScope(params.apiKey), "user", params.grantId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZUserGrantWrite,
  },
  async ({ params, body }) =>
    updateGrant(await environmentScope(params.apiKey), "user", params.grantId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZUserGrantPatch,
  },
  async ({ params, body }) =>
    updateGrant(await environmentScope(params.apiKey), "user", params.grantId, body),
);
export const DELETE = withApi({ auth: "user", permission, params, status: 204 }, async ({ params }) =>
  deleteGrant(await environmentScope(params.apiKey), "user", params.grantId),
);
