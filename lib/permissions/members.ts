// Members of an organisation: list, remove, change role. An organisation keeps at least one
// admin. Removing a member removes their grants and group memberships in that organisation,
// so nothing of it reaches them any more (every check keys on membership first).
import { BadRequestError, NotFoundError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record";
import { databaseUrl, db, isPostgresUrl, type Tx } from "@/lib/db/client";
import { requireOrganisationMember } from "@/lib/organisations/access";
import type { TRemoveUsers, TUpdateRole } from "./schemas";
import { serializeMember } from "./serializers";

export const LAST_ADMIN_MESSAGE = "An organisation must keep at least one admin.";

/**
 * Memberships of people: the hidden accounts of organisation API keys (lib/master-api-keys)
 * are neither listed, nor removed or re-roled here, nor counted as the admin an
 * organisation must keep.
 */
const PEOPLE = { user: { isApiKey: false } } as const;

export async function listMembers(userId: number, organisationId: number, excludeCurrent: boolean) {
  await requireOrganisationMember(userId, organisationId);
  const rows = await db.organisationUser.findMany({
    where: {
      organisationId,
      ...PEOPLE,
      ...(excludeCurrent ? { userId: { not: userId } } : {}),
    },
    include: { user: true },
    orderBy: { userId: "asc" },
  });
  return rows.map((r) => serializeMember(r.user, r.role));
}

/**
 * Holds the organisation's row until the transaction ends, so that two demotions or removals
 * of its last admins cannot both count the other as staying: the second waits, then counts
 * what the first left. SQLite runs one writing transaction at a time already.
 */
async function lockOrganisation(tx: Tx, organisationId: number) {
  if (isPostgresUrl(databaseUrl()))
    await tx.$queryRaw`SELECT "id" FROM "Organisation" WHERE "id" = ${organisationId} FOR UPDATE`;
}

async function adminCount(tx: Tx, organisationId: number) {
  return tx.organisationUser.count({ where: { organisationId, role: "ADMIN", ...PEOPLE } });
}

/** Deletes what the user holds in the organisation: grants, group memberships, membership. */
async function revokeMembership(tx: Tx, organisationId: number, userId: number) {
  const inOrganisation = { organisationId };
  await tx.userOrganisationPermission.deleteMany({ where: { userId, organisationId } });
  await tx.userProjectPermission.deleteMany({ where: { userId, project: inOrganisation } });
  await tx.userEnvironmentPermission.deleteMany({
    where: { userId, environment: { project: inOrganisation } },
  });
  await tx.userPermissionGroupMember.deleteMany({ where: { userId, group: inOrganisation } });
  await tx.organisationUser.delete({ where: { organisationId_userId: { organisationId, userId } } });
}

export async function removeMembers(organisationId: number, items: TRemoveUsers) {
  const ids = [...new Set(items.map((i) => i.id))];
  await db.$transaction(async (tx) => {
    await lockOrganisation(tx, organisationId);
    const memberships = await tx.organisationUser.findMany({
      where: { organisationId, userId: { in: ids }, ...PEOPLE },
      include: { user: true },
    });
    const found = new Set(memberships.map((m) => m.userId));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined)
      throw new BadRequestError(`User ${missing} is not a member of this organisation.`);
    const removedAdmins = memberships.filter((m) => m.role === "ADMIN").length;
    if (removedAdmins > 0 && (await adminCount(tx, organisationId)) - removedAdmins < 1)
      throw new BadRequestError(LAST_ADMIN_MESSAGE);
    for (const m of memberships) {
      await revokeMembership(tx, organisationId, m.userId);
      await recordAudit(tx, {
        type: "USER",
        before: { email: m.user.email, role: m.role },
        after: null,
        log: `User removed from organisation: ${m.user.email}`,
        object: { id: m.userId, uuid: m.user.uuid },
        scope: { organisationId },
      });
    }
  });
  return ids.map((id) => ({ id }));
}

export async function updateMemberRole(organisationId: number, targetUserId: number, input: TUpdateRole) {
  const updated = await db.$transaction(async (tx) => {
    await lockOrganisation(tx, organisationId);
    const membership = await tx.organisationUser.findUnique({
      where: { organisationId_userId: { organisationId, userId: targetUserId } },
      include: { user: true },
    });
    if (!membership || membership.user.isApiKey) throw new NotFoundError();
    if (membership.role === input.role) return membership;
    if (membership.role === "ADMIN" && (await adminCount(tx, organisationId)) <= 1)
      throw new BadRequestError(LAST_ADMIN_MESSAGE);
    const after = await tx.organisationUser.update({
      where: { id: membership.id },
      data: { role: input.role },
      include: { user: true },
    });
    await recordAudit(tx, {
      type: "USER",
      before: { role: membership.role },
      after: { role: after.role },
      log: `Organisation role of ${after.user.email} changed to ${after.role}`,
      object: { id: after.userId, uuid: after.user.uuid },
      scope: { organisationId },
    });
    return after;
  });
  return serializeMember(updated.user, updated.role);
}
