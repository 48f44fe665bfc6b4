// GET /api/v1/environments/{apiKey}/user-detailed-permissions/{userId}/ — a member's permissions on this environment and their sources
import { withApi } from "@/lib/api/handler";
import { environmentUserDetailedPermissions } from "@/lib/permissions/detailed";
import { ZEnvironmentUserParams } from "@/lib/permissions/schemas";

// Any member may ask about themselves; about another member, only an admin of the environment
// (lib/permissions/detailed.ts decides, as Flagsmith's view does).
export const GET = withApi(
  { auth: "user", permission: { member: true }, params: ZEnvironmentUserParams },
  ({ user, params }) =>
    environmentUserDetailedPermissions({ callerId: user.id, userId: params.userId, apiKey: params.apiKey }),
);
