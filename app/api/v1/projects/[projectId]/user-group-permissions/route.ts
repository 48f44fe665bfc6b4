// GET/POST /api/v1/projects/{projectId}/user-group-permissions/ — group grants on this project; grant
import { withApi } from "@/lib/api/handler";
import { createGrant, listGrants, projectScope } from "@/lib/permissions/grants";
import { ZProjectScopeParams, ZGroupGrantWrite } from "@/lib/permissions/schemas";

const permission = {
  project: "ADMIN",
  of: (c: { params: { projectId: number } }) => c.params.projectId,
} as const;

const params = ZProjectScopeParams;

export const GET = withApi({ auth: "user", permission, params }, async ({ params }) =>
  listGrants(await projectScope(params.projectId), "group"),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantWrite,
    status: 201,
  },
  async ({ params, body }) => createGrant(await projectScope(params.projectId), "group", body),
);
