// POST /api/v1/organisations/{id}/groups/{groupId}/add-users/ — add members ({user_ids}) to a group
import { withApi } from "@/lib/api/handler";
import { groupAdminOf } from "@/lib/permissions/group-admin";
import { addGroupUsers } from "@/lib/permissions/groups";
import { ZGroupParams, ZUserIds } from "@/lib/permissions/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: {
      organisation: "MANAGE_USER_GROUPS",
      of: (c) => c.params.organisationId,
      orIf: groupAdminOf,
    },
    params: ZGroupParams,
    body: ZUserIds,
  },
  ({ user, params, body }) => addGroupUsers(user.id, params.organisationId, params.groupId, body),
);
