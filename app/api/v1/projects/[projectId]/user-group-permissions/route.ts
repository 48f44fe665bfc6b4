// GET/POST /api/v1/projects/{projectId}/user-group-permissions/ — group grants on this project; grant
import { withApi } from "@/lib/route/handler";
import { createGrant, listGrants, projectScope } from "@/lib/permissions/grants";
import { ZProjectScopeParams, ZGroupGrantWrite } from "@/lib/permissions/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZGroupGrant, ZGroupGrantList } from "@/lib/permissions/responses";

const permission = {
  project: "ADMIN",
  of: (c: { params: { projectId: number } }) => c.params.projectId,
} as const;

const params = ZProjectScopeParams;

export const GET = withApi(
  {
    auth: "user",
    permission,
    params,
    openapi: {
      operationId: "listGroupProjectPermissions",
      summary: "List group grants on a project",
      tag: "Members and permissions",
      responses: {
        200: ok("The grants.", ZGroupGrantList),
        403: forbidden("The caller is not an admin of the project"),
        404: notFound("The project"),
      },
    },
  },
  async ({ params }) => listGrants(await projectScope(params.projectId), "group"),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantWrite,
    status: 201,
    openapi: {
      operationId: "createGroupProjectPermission",
      summary: "Grant a group permissions on a project",
      description: "One grant per group; the keys must be project keys.",
      tag: "Members and permissions",
      responses: {
        201: ok("The grant.", ZGroupGrant),
        403: forbidden("The caller is not an admin of the project"),
        404: notFound("The project"),
      },
    },
  },
  async ({ params, body }) => createGrant(await projectScope(params.projectId), "group", body),
);
