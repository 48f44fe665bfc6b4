// GET/PUT/PATCH/DELETE /api/v1/environments/{apiKey}/user-group-permissions/{id}/ — one group grant on this environment
import { withApi } from "@/lib/api/handler";
import { deleteGrant, getGrant, updateGrant, environmentScope } from "@/lib/permissions/grants";
import { ZEnvironmentGrantParams, ZGroupGrantWrite, ZGroupGrantPatch } from "@/lib/permissions/schemas";

const permission = {
  environment: "ADMIN",
  of: (c: { params: { apiKey: string } }) => c.params.apiKey,
} as const;

const params = ZEnvironmentGrantParams;

export const GET = withApi({ auth: "user", permission, params }, async ({ params }) =>
  getGrant(await environmentScope(params.apiKey), "group", params.grantId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantWrite,
  },
  async ({ params, body }) =>
    updateGrant(await environmentScope(params.apiKey), "group", params.grantId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantPatch,
  },
  async ({ params, body }) =>
    updateGrant(await environmentScope(params.apiKey), "group", params.grantId, body),
);
export const DELETE = withApi({ auth: "user", permission, params, status: 204 }, async ({ params }) =>
  deleteGrant(await environmentScope(params.apiKey), "group", params.grantId),
);
