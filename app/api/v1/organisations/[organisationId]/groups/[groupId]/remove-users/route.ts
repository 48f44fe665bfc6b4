// POST /api/v1/organisations/{id}/groups/{groupId}/remove-users/ — remove members ({user_ids}) from a group
import { withApi } from "@/lib/api/handler";
import { groupAdminOf } from "@/lib/permissions/group-admin";
import { removeGroupUsers } from "@/lib/permissions/groups";
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
  ({ user, params, body }) => removeGroupUsers(user.id, params.organisationId, params.groupId, body),
);
