// GET/PUT/PATCH/DELETE /api/v1/projects/{projectId}/user-permissions/{id}/ — one user grant on this project
import { withApi } from "@/lib/api/handler";
import { deleteGrant, getGrant, updateGrant, projectScope } from "@/lib/permissions/grants";
import { ZProjectGrantParams, ZUserGrantWrite, ZUserGrantPatch } from "@/lib/permissions/schemas";

const permission = {
  project: "ADMIN",
  of: (c: { params: { projectId: number } }) => c.params.projectId,
} as const;

const params = ZProjectGrantParams;

export const GET = withApi({ auth: "user", permission, params }, async ({ params }) =>
  getGrant(await projectScope(params.projectId), "user", params.grantId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZUserGrantWrite,
  },
  async ({ params, body }) => updateGrant(await projectScope(params.projectId), "user", params.grantId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZUserGrantPatch,
  },
  async ({ params, body }) => updateGrant(await projectScope(params.projectId), "user", params.grantId, body),
);
export const DELETE = withApi({ auth: "user", permission, params, status: 204 }, async ({ params }) =>
  deleteGrant(await projectScope(params.projectId), "user", params.grantId),
);
