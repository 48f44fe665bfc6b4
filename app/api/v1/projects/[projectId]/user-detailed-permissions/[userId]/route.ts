// GET /api/v1/projects/{projectId}/user-detailed-permissions/{userId}/ — a member's permissions on this project and their sources
import { withApi } from "@/lib/api/handler";
import { projectUserDetailedPermissions } from "@/lib/permissions/detailed";
import { ZProjectUserParams } from "@/lib/permissions/schemas";

// Any member may ask about themselves; about another member, only an admin of the project
// (lib/permissions/detailed.ts decides, as Flagsmith's view does).
export const GET = withApi(
  { auth: "user", permission: { member: true }, params: ZProjectUserParams },
  ({ user, params }) =>
    projectUserDetailedPermissions({ callerId: user.id, userId: params.userId, projectId: params.projectId }),
);
