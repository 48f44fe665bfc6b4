// GET /api/v1/projects/{projectId}/my-permissions/ — the caller's permissions on this project
import { withApi } from "@/lib/route/handler";
import { myProjectPermissions } from "@/lib/permissions/my-permissions";
import { ZProjectScopeParams } from "@/lib/permissions/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZMyPermissions } from "@/lib/permissions/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { member: true },
    params: ZProjectScopeParams,
    openapi: {
      operationId: "getMyProjectPermissions",
      summary: "Get the caller's permissions on a project",
      description: "Through the caller's own grants, their groups' grants and admin roles.",
      tag: "Members and permissions",
      responses: { 200: ok("The permissions.", ZMyPermissions), 404: notFound("The project") },
    },
  },
  ({ user, params }) => myProjectPermissions(user.id, params.projectId),
);
