// GET /api/v1/projects/{projectId}/user-detailed-permissions/{userId}/ — a member's permissions on this project and their sources
import { withApi } from "@/lib/api/handler";
import { askingAboutThemselves, projectUserDetailedPermissions } from "@/lib/permissions/detailed";
import { ZProjectUserParams } from "@/lib/permissions/schemas";

// An admin of the project may ask about any member; any member about themselves (Flagsmith's view).
export const GET = withApi(
  {
    auth: "user",
    permission: { project: "ADMIN", of: (c) => c.params.projectId, orIf: askingAboutThemselves },
    params: ZProjectUserParams,
  },
  ({ params }) => projectUserDetailedPermissions({ userId: params.userId, projectId: params.projectId }),
);
