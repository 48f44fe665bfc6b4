// GET/POST /api/v1/projects/{projectId}/user-permissions/ — user grants on this project; grant
import { withApi } from "@/lib/route/handler";
import { createGrant, listGrants, projectScope } from "@/lib/permissions/grants";
import { ZProjectScopeParams, ZUserGrantWrite } from "@/lib/permissions/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZUserGrant, ZUserGrantList } from "@/lib/permissions/responses";

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
      operationId: "listUserProjectPermissions",
      summary: "List user grants on a project",
      tag: "Members and permissions",
      responses: {
        200: ok("The grants.", ZUserGrantList),
        403: forbidden("The caller is not an admin of the project"),
        404: notFound("The project"),
      },
    },
  },
  async ({ params }) => listGrants(await projectScope(params.projectId), "user"),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZUserGrantWrite,
    status: 201,
    openapi: {
      operationId: "createUserProjectPermission",
      summary: "Grant a user permissions on a project",
      description: "One grant per user; the keys must be project keys.",
      tag: "Members and permissions",
      responses: {
        201: ok("The grant.", ZUserGrant),
        403: forbidden("The caller is not an admin of the project"),
        404: notFound("The project"),
      },
    },
  },
  async ({ params, body }) => createGrant(await projectScope(params.projectId), "user", body),
);
