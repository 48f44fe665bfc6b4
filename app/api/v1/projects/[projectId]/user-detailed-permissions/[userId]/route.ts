// GET /api/v1/projects/{projectId}/user-detailed-permissions/{userId}/ — a member's permissions on this project and their sources
import { withApi } from "@/lib/route/handler";
import { askingAboutThemselves, projectUserDetailedPermissions } from "@/lib/permissions/detailed";
import { ZProjectUserParams } from "@/lib/permissions/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZUserDetailedPermissions } from "@/lib/permissions/detailed-responses";

// An admin of the project may ask about any member; any member about themselves (Flagsmith's view).
export const GET = withApi(
  {
    auth: "user",
    permission: { project: "ADMIN", of: (c) => c.params.projectId, orIf: askingAboutThemselves },
    params: ZProjectUserParams,
    openapi: {
      operationId: "getProjectUserDetailedPermissions",
      summary: "Get a member's permissions on a project, with their sources",
      description:
        "Any member may ask about themselves; about another member, only an admin of the project. Each key says whether the member's own grant gives it and which groups do; admin says whether it comes from the member (organisation admin, own admin grant) or which groups give it.",
      tag: "Members and permissions",
      responses: {
        200: ok("The member's permissions and their sources.", ZUserDetailedPermissions),
        403: forbidden("The user is someone else and the caller is not an admin of the project"),
        404: notFound("The project, or the user in its organisation,"),
      },
    },
  },
  ({ params }) => projectUserDetailedPermissions({ userId: params.userId, projectId: params.projectId }),
);
