// GET/PUT/PATCH/DELETE /api/v1/projects/{id}/ — one project
import { withApi } from "@/lib/api/handler";
import { deleteProject, getProject, updateProject } from "@/lib/projects/projects";
import { ZProjectParams, ZProjectUpdate } from "@/lib/projects/schemas";

const params = ZProjectParams;

export const GET = withApi(
  { auth: "user", permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId }, params },
  ({ user, params }) => getProject(user.id, params.projectId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { project: "ADMIN", of: (c) => c.params.projectId },
    params,
    body: ZProjectUpdate,
  },
  ({ user, params, body }) => updateProject(user.id, params.projectId, body),
);
export const PATCH = PUT;
export const DELETE = withApi(
  { auth: "user", permission: { project: "ADMIN", of: (c) => c.params.projectId }, params, status: 204 },
  ({ user, params }) => deleteProject(user.id, params.projectId),
);
