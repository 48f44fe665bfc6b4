// Groups of an organisation's members. Grants given to a group reach each of its members
// (lib/permissions/resolve.ts); default groups take every new member (default-groups.ts).
import { BadRequestError, NotFoundError, PermissionDeniedError, ValidationError } from "@/lib/api/errors";
import { buildPage, FIXED_PAGE_SIZE, pageWindow, type TPageQuery } from "@/lib/api/pagination";
import { recordAudit } from "@/lib/audit/record";
import { db, type DbOrTx, type Tx } from "@/lib/db/client";
import { requireOrganisationMember } from "@/lib/organisations/access";
import { hasPermission } from "./resolve";
import type { TGroupWrite, TUserIds } from "./schemas";
import { serializeGroup, serializeGroupDetail, type GroupRow } from "./serializers";

const groupInclude = {
  members: { include: { user: true }, orderBy: { userId: "asc" } },
} as const;

async function loadGroup(organisationId: number, groupId: number, tx: DbOrTx = db): Promise<GroupRow> {
  const group = await tx.userPermissionGroup.findFirst({
    where: { id: groupId, organisationId },
    include: groupInclude,
  });
  if (!group) throw new NotFoundError();
  return group;
}

const groupAudit = (before: GroupRow | null, after: GroupRow | null, organisationId: number, log: string) => {
  const row = (g: GroupRow | null) =>
    g && {
      name: g.name,
      is_default: g.isDefault,
      external_id: g.externalId,
      users: g.members.map((m) => m.user.id),
    };
  return {
    type: "GROUP" as const,
    before: row(before),
    after: row(after),
    log,
    object: { id: (after ?? before)!.id },
    scope: { organisationId },
  };
};

/** Those with MANAGE_USER_GROUPS see every group; other members the groups they administer. */
export async function listGroups(
  userId: number,
  organisationId: number,
  request: Request,
  query: TPageQuery,
) {
  await requireOrganisationMember(userId, organisationId);
  const manages = await hasPermission(userId, { kind: "organisation", organisationId }, "MANAGE_USER_GROUPS");
  const where = {
    organisationId,
    ...(manages ? {} : { members: { some: { userId, isGroupAdmin: true } } }),
  };
  const window = pageWindow(query, FIXED_PAGE_SIZE);
  const [count, rows] = await Promise.all([
    db.userPermissionGroup.count({ where }),
    db.userPermissionGroup.findMany({
      where,
      include: groupInclude,
      orderBy: { id: "asc" },
      skip: window.skip,
      take: window.take,
    }),
  ]);
  return buildPage(request, window, count, rows.map(serializeGroupDetail));
}

/** The groups the caller belongs to, as {id, name}. */
export async function myGroups(userId: number, organisationId: number) {
  await requireOrganisationMember(userId, organisationId);
  const rows = await db.userPermissionGroup.findMany({
    where: { organisationId, members: { some: { userId } } },
    orderBy: { id: "asc" },
  });
  return rows.map((g) => ({ id: g.id, name: g.name }));
}

/** Every group of the organisation as {id, name}, unpaged: what any member may see (owner pickers). */
export async function groupSummaries(userId: number, organisationId: number) {
  await requireOrganisationMember(userId, organisationId);
  const rows = await db.userPermissionGroup.findMany({
    where: { organisationId },
    select: { id: true, name: true },
    orderBy: { id: "asc" },
  });
  return rows.map((g) => ({ id: g.id, name: g.name }));
}

export async function getGroup(organisationId: number, groupId: number) {
  return serializeGroupDetail(await loadGroup(organisationId, groupId));
}

async function assertMembers(tx: Tx, organisationId: number, userIds: number[], field: string) {
  const unique = [...new Set(userIds)];
  const found = await tx.organisationUser.count({ where: { organisationId, userId: { in: unique } } });
  if (found !== unique.length) {
    const message = "Every user must be a member of the organisation.";
    throw field === "detail" ? new BadRequestError(message) : ValidationError.field(field, message);
  }
  return unique;
}

async function assertNameFree(tx: Tx, organisationId: number, name: string, exceptId?: number) {
  const clash = await tx.userPermissionGroup.findFirst({
    where: { organisationId, name, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash)
    throw ValidationError.field("name", "A group with this name already exists in the organisation.");
}

export async function createGroup(organisationId: number, input: TGroupWrite & { name: string }) {
  const group = await db.$transaction(async (tx) => {
    await assertNameFree(tx, organisationId, input.name);
    const users = await assertMembers(tx, organisationId, input.users ?? [], "users");
    const created = await tx.userPermissionGroup.create({
      data: {
        organisationId,
        name: input.name,
        isDefault: input.is_default ?? false,
        externalId: input.external_id ?? null,
        members: { create: users.map((userId) => ({ userId })) },
      },
      include: groupInclude,
    });
    await recordAudit(tx, groupAudit(null, created, organisationId, `New group created: ${created.name}`));
    return created;
  });
  return serializeGroup(group);
}

export async function updateGroup(organisationId: number, groupId: number, input: TGroupWrite) {
  const group = await db.$transaction(async (tx) => {
    const before = await loadGroup(organisationId, groupId, tx);
    if (input.name !== undefined) await assertNameFree(tx, organisationId, input.name, groupId);
    if (input.users !== undefined) {
      const users = await assertMembers(tx, organisationId, input.users, "users");
      await tx.userPermissionGroupMember.deleteMany({ where: { groupId, userId: { notIn: users } } });
      const present = new Set(before.members.map((m) => m.user.id));
      for (const userId of users.filter((id) => !present.has(id)))
        await tx.userPermissionGroupMember.create({ data: { groupId, userId } });
    }
    await tx.userPermissionGroup.update({
      where: { id: groupId },
      data: {
        name: input.name,
        isDefault: input.is_default,
        externalId: input.external_id,
      },
    });
    const after = await loadGroup(organisationId, groupId, tx);
    await recordAudit(tx, groupAudit(before, after, organisationId, `Group updated: ${after.name}`));
    return after;
  });
  return serializeGroup(group);
}

export async function deleteGroup(organisationId: number, groupId: number) {
  await db.$transaction(async (tx) => {
    const before = await loadGroup(organisationId, groupId, tx);
    await recordAudit(tx, groupAudit(before, null, organisationId, `Group deleted: ${before.name}`));
    await tx.userPermissionGroup.delete({ where: { id: groupId } });
  });
}

/** Whether the caller may put themselves in (or take themselves out of) a group: admins only. */
async function assertNotSelf(userId: number, organisationId: number, userIds: number[], verb: string) {
  if (!userIds.includes(userId)) return;
  if (!(await hasPermission(userId, { kind: "organisation", organisationId }, "ADMIN")))
    throw new PermissionDeniedError(`Only organisation admins can ${verb} themselves.`);
}

export async function addGroupUsers(
  userId: number,
  organisationId: number,
  groupId: number,
  input: TUserIds,
) {
  await assertNotSelf(userId, organisationId, input.user_ids, "add");
  const group = await db.$transaction(async (tx) => {
    const before = await loadGroup(organisationId, groupId, tx);
    const users = await assertMembers(tx, organisationId, input.user_ids, "detail");
    const present = new Set(before.members.map((m) => m.user.id));
    const added = users.filter((id) => !present.has(id));
    for (const id of added) await tx.userPermissionGroupMember.create({ data: { groupId, userId: id } });
    const after = await loadGroup(organisationId, groupId, tx);
    if (added.length > 0)
      await recordAudit(tx, groupAudit(before, after, organisationId, `Users added to group: ${after.name}`));
    return after;
  });
  return serializeGroupDetail(group);
}

export async function removeGroupUsers(
  userId: number,
  organisationId: number,
  groupId: number,
  input: TUserIds,
) {
  await assertNotSelf(userId, organisationId, input.user_ids, "remove");
  const group = await db.$transaction(async (tx) => {
    const before = await loadGroup(organisationId, groupId, tx);
    const removed = await tx.userPermissionGroupMember.deleteMany({
      where: { groupId, userId: { in: input.user_ids } },
    });
    const after = await loadGroup(organisationId, groupId, tx);
    if (removed.count > 0)
      await recordAudit(
        tx,
        groupAudit(before, after, organisationId, `Users removed from group: ${after.name}`),
      );
    return after;
  });
  return serializeGroupDetail(group);
}

/** Make (or unmake) a member of the group its admin. */
export async function setGroupAdmin(
  organisationId: number,
  groupId: number,
  memberId: number,
  isAdmin: boolean,
) {
  await db.$transaction(async (tx) => {
    const before = await loadGroup(organisationId, groupId, tx);
    const membership = before.members.find((m) => m.user.id === memberId);
    if (!membership) throw new NotFoundError();
    if (membership.isGroupAdmin === isAdmin) return;
    await tx.userPermissionGroupMember.update({
      where: { groupId_userId: { groupId, userId: memberId } },
      data: { isGroupAdmin: isAdmin },
    });
    await recordAudit(tx, {
      type: "GROUP",
      before: { group_admin: !isAdmin },
      after: { group_admin: isAdmin },
      log: `${membership.user.email} ${isAdmin ? "made admin of" : "no longer admin of"} group: ${before.name}`,
      object: { id: groupId },
      scope: { organisationId },
    });
  });
  return new Response(null, { status: 200 });
}
