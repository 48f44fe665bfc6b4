// Grants: which keys a user or a group holds on an organisation, a project or an
// environment (Flagsmith's user-permissions and user-group-permissions endpoints).
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record";
import { db, type DbOrTx, type Tx } from "@/lib/db/client";
import { PERMISSIONS_BY_KIND, parseStoredKeys, storeKeys, type PermissionKind } from "./keys";
import type { TGrantWrite } from "./schemas";
import { serializeGroup, serializeUserSummary } from "./serializers";
import { environmentTarget, projectTarget } from "./scope";

export type Subject = "user" | "group";
export type GrantScope = { kind: PermissionKind; objectId: number; organisationId: number };

type GrantRow = {
  id: number;
  permissions: string;
  admin?: boolean;
  userId?: number;
  groupId?: number;
  user?: Parameters<typeof serializeUserSummary>[0];
  group?: Parameters<typeof serializeGroup>[0];
};
type Args = Record<string, unknown>;
/** The one shape the six grant tables share, for the code below. */
type Delegate = {
  findMany(args: Args): Promise<GrantRow[]>;
  findFirst(args: Args): Promise<GrantRow | null>;
  create(args: Args): Promise<GrantRow>;
  update(args: Args): Promise<GrantRow>;
  delete(args: Args): Promise<GrantRow>;
};

function delegate(tx: DbOrTx, kind: PermissionKind, subject: Subject): Delegate {
  const tables = {
    user: {
      organisation: tx.userOrganisationPermission,
      project: tx.userProjectPermission,
      environment: tx.userEnvironmentPermission,
    },
    group: {
      organisation: tx.groupOrganisationPermission,
      project: tx.groupProjectPermission,
      environment: tx.groupEnvironmentPermission,
    },
  };
  return tables[subject][kind] as unknown as Delegate;
}

const FOREIGN_KEY = {
  organisation: "organisationId",
  project: "projectId",
  environment: "environmentId",
} as const;

/** Rows of this object: a group's organisation grant is found through its group. */
function objectWhere(scope: GrantScope, subject: Subject): Args {
  if (scope.kind === "organisation" && subject === "group")
    return { group: { organisationId: scope.organisationId } };
  return { [FOREIGN_KEY[scope.kind]]: scope.objectId };
}

const groupInclude = { group: { include: { members: { include: { user: true } } } } };
const includeFor = (subject: Subject) => (subject === "user" ? { user: true } : groupInclude);

export async function organisationScope(organisationId: number): Promise<GrantScope> {
  return { kind: "organisation", objectId: organisationId, organisationId };
}

export async function projectScope(projectId: number): Promise<GrantScope> {
  const target = await projectTarget(projectId);
  if (!target) throw new NotFoundError();
  return { kind: "project", objectId: projectId, organisationId: target.organisationId };
}

export async function environmentScope(apiKey: string): Promise<GrantScope> {
  const target = await environmentTarget(apiKey);
  if (!target || target.kind !== "environment") throw new NotFoundError();
  return { kind: "environment", objectId: target.environmentId, organisationId: target.organisationId };
}

function serializeGrant(scope: GrantScope, subject: Subject, row: GrantRow, expand: boolean) {
  const who =
    subject === "user"
      ? { user: expand && row.user ? serializeUserSummary(row.user) : row.userId }
      : { group: expand && row.group ? serializeGroup(row.group) : row.groupId };
  const base = { id: row.id, ...who, permissions: parseStoredKeys(row.permissions) };
  return scope.kind === "organisation" ? base : { ...base, admin: row.admin ?? false };
}

export async function listGrants(scope: GrantScope, subject: Subject) {
  const rows = await delegate(db, scope.kind, subject).findMany({
    where: objectWhere(scope, subject),
    include: includeFor(subject),
    orderBy: { id: "asc" },
  });
  return rows.map((r) => serializeGrant(scope, subject, r, true));
}

async function findGrant(tx: DbOrTx, scope: GrantScope, subject: Subject, grantId: number) {
  const row = await delegate(tx, scope.kind, subject).findFirst({
    where: { id: grantId, ...objectWhere(scope, subject) },
  });
  if (!row) throw new NotFoundError();
  return row;
}

export async function getGrant(scope: GrantScope, subject: Subject, grantId: number) {
  return serializeGrant(scope, subject, await findGrant(db, scope, subject, grantId), false);
}

function checkKeys(scope: GrantScope, keys: string[]) {
  const known = PERMISSIONS_BY_KIND[scope.kind];
  const unknown = keys.filter((k) => !(k in known));
  if (unknown.length > 0)
    throw ValidationError.field("permissions", `Unknown ${scope.kind} permission: ${unknown.join(", ")}.`);
}

/** The user (a member of the organisation) or group (of the organisation) a grant names. */
async function checkSubject(tx: Tx, scope: GrantScope, subject: Subject, id: number) {
  if (subject === "user") {
    const member = await tx.organisationUser.findUnique({
      where: { organisationId_userId: { organisationId: scope.organisationId, userId: id } },
      include: { user: true },
    });
    if (!member) throw ValidationError.field("user", "Not a member of this organisation.");
    return member.user.email;
  }
  const group = await tx.userPermissionGroup.findFirst({
    where: { id, organisationId: scope.organisationId },
  });
  if (!group) throw ValidationError.field("group", "Not a group of this organisation.");
  return `group ${group.name}`;
}

const auditRow = (scope: GrantScope, subject: Subject, row: GrantRow | null) =>
  row && {
    [subject]: subject === "user" ? row.userId : row.groupId,
    permissions: parseStoredKeys(row.permissions).join(","),
    ...(scope.kind === "organisation" ? {} : { admin: row.admin ?? false }),
  };

function grantAudit(
  scope: GrantScope,
  subject: Subject,
  before: GrantRow | null,
  after: GrantRow | null,
  log: string,
) {
  const row = (after ?? before)!;
  const where =
    scope.kind === "organisation"
      ? { organisationId: scope.organisationId }
      : scope.kind === "project"
        ? { projectId: scope.objectId }
        : { environmentId: scope.objectId };
  return {
    type: "PERMISSION" as const,
    before: auditRow(scope, subject, before),
    after: auditRow(scope, subject, after),
    log,
    object: { id: row.id },
    scope: where,
  };
}

export async function createGrant(scope: GrantScope, subject: Subject, input: TGrantWrite) {
  const subjectId = subject === "user" ? input.user : input.group;
  if (subjectId === undefined) throw ValidationError.field(subject, "This field is required.");
  const keys = input.permissions ?? [];
  checkKeys(scope, keys);
  const row = await db.$transaction(async (tx) => {
    const name = await checkSubject(tx, scope, subject, subjectId);
    const table = delegate(tx, scope.kind, subject);
    const fk = subject === "user" ? "userId" : "groupId";
    const existing = await table.findFirst({ where: { [fk]: subjectId, ...objectWhere(scope, subject) } });
    if (existing)
      throw ValidationError.nonField(`This ${subject} already has permissions on this ${scope.kind}.`);
    const data: Args = { [fk]: subjectId, permissions: storeKeys(keys) };
    if (!(scope.kind === "organisation" && subject === "group"))
      data[FOREIGN_KEY[scope.kind]] = scope.objectId;
    if (scope.kind !== "organisation") data.admin = input.admin ?? false;
    const created = await table.create({ data });
    await recordAudit(
      tx,
      grantAudit(scope, subject, null, created, `Permissions granted to ${name} on ${scope.kind}`),
    );
    return created;
  });
  return serializeGrant(scope, subject, row, false);
}

export async function updateGrant(scope: GrantScope, subject: Subject, grantId: number, input: TGrantWrite) {
  if (input.permissions) checkKeys(scope, input.permissions);
  const row = await db.$transaction(async (tx) => {
    const before = await findGrant(tx, scope, subject, grantId);
    const subjectId = subject === "user" ? before.userId : before.groupId;
    const requested = subject === "user" ? input.user : input.group;
    if (requested !== undefined && requested !== subjectId)
      throw ValidationError.field(subject, `The ${subject} of a grant cannot change.`);
    const name = await checkSubject(tx, scope, subject, subjectId!);
    const data: Args = {};
    if (input.permissions !== undefined) data.permissions = storeKeys(input.permissions);
    if (input.admin !== undefined && scope.kind !== "organisation") data.admin = input.admin;
    const after = await delegate(tx, scope.kind, subject).update({ where: { id: grantId }, data });
    await recordAudit(
      tx,
      grantAudit(scope, subject, before, after, `Permissions of ${name} on ${scope.kind} updated`),
    );
    return after;
  });
  return serializeGrant(scope, subject, row, false);
}

export async function deleteGrant(scope: GrantScope, subject: Subject, grantId: number) {
  await db.$transaction(async (tx) => {
    const before = await findGrant(tx, scope, subject, grantId);
    await recordAudit(tx, grantAudit(scope, subject, before, null, `Permissions on ${scope.kind} revoked`));
    await delegate(tx, scope.kind, subject).delete({ where: { id: grantId } });
  });
}
