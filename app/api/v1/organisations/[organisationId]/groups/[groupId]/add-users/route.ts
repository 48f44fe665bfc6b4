// POST /api/v1/organisations/{id}/groups/{groupId}/add-users/ — add members ({user_ids}) to a group
import { withApi } from "@/lib/route/handler";
import { groupAdminOf } from "@/lib/permissions/group-admin";
import { addGroupUsers } from "@/lib/permissions/groups";
import { ZGroupParams, ZUserIds } from "@/lib/permissions/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZGroupDetail } from "@/lib/permissions/responses";

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
    openapi: {
      operationId: "addGroupUsers",
      summary: "Add members to a group",
      description: "Only organisation admins may add or remove themselves.",
      tag: "Members and permissions",
      responses: {
        200: ok("The group.", ZGroupDetail),
        403: forbidden("The caller lacks MANAGE_USER_GROUPS in the organisation"),
        404: notFound("The organisation or the group"),
      },
    },
  },
  ({ user, params, body }) => addGroupUsers(user.id, params.organisationId, params.groupId, body),
);
