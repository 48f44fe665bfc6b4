// New members join the organisation's default groups (UserPermissionGroup.isDefault).
import type { DbOrTx } from "@/lib/db/client";

/** Adds the user to every default group of the organisation (idempotent). Call inside the join's transaction. */
export async function addUserToDefaultGroups(
  tx: DbOrTx,
  organisationId: number,
  userId: number,
): Promise<void> {
  const groups = await tx.userPermissionGroup.findMany({
    where: { organisationId, isDefault: true, members: { none: { userId } } },
    select: { id: true },
  });
  for (const group of groups)
    await tx.userPermissionGroupMember.create({ data: { groupId: group.id, userId } });
}
