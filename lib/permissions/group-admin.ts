// A group's admins (UserPermissionGroupMember.isGroupAdmin) manage that group's membership
// without MANAGE_USER_GROUPS, as in Flagsmith: they see the group and add or remove its
// members (not themselves: ./groups.ts). Used as `orIf` in those routes' permission rules.
import { db } from "@/lib/db/client";

export async function isGroupAdmin(userId: number, organisationId: number, groupId: number) {
  const row = await db.userPermissionGroupMember.findFirst({
    where: { userId, groupId, isGroupAdmin: true, group: { organisationId } },
    select: { id: true },
  });
  return row !== null;
}

/** The `orIf` of a rule on …/organisations/{id}/groups/{groupId}/… routes. */
export const groupAdminOf = (ctx: {
  user: { id: number };
  params: { organisationId: number; groupId: number };
}) => isGroupAdmin(ctx.user.id, ctx.params.organisationId, ctx.params.groupId);
