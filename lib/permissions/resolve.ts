// The one answer to "may user U do K on X": pure rules over the grants that reach U (this
// file's top half, unit- and property-tested), and the queries that gather those grants.
//
//   organisation admin (OrganisationUser.role ADMIN)  → every key on the organisation, its
//                                                        projects and their environments
//   project admin (user or group grant, admin: true)  → every key on the project and its environments
//   environment admin                                 → every key on that environment
//   otherwise                                         → the union of the keys granted to the user
//                                                        and to the groups the user belongs to
// A user who is not a member of the organisation holds nothing, whatever rows remain.
import { db, type DbOrTx } from "@/lib/db/client";
import { PERMISSIONS_BY_KIND, parseStoredKeys, type PermissionKind } from "./keys";

export type Role = "ADMIN" | "USER";
export type GroupRef = { id: number; name: string };
/** One grant row; `group` names the group it reaches the user through (absent: the user's own). */
export type Grant = { admin: boolean; permissions: string[]; group?: GroupRef };

/** Every grant that reaches one user on one object and the objects above it. */
export type GrantSet = {
  role: Role | null;
  /** Organisation grants carry keys only (their `admin` is always false). */
  organisation: Grant[];
  project: Grant[];
  environment: Grant[];
};

export type Effective = { admin: boolean; permissions: string[] };

const NONE: Effective = { admin: false, permissions: [] };

function union(grants: string[][]): string[] {
  return [...new Set(grants.flat())].sort();
}

/** What the grants give on an object of this kind (the grants for its parents included). */
export function effectivePermissions(kind: PermissionKind, grants: GrantSet): Effective {
  if (grants.role === null) return NONE;
  const all = Object.keys(PERMISSIONS_BY_KIND[kind]).sort();
  const orgAdmin = grants.role === "ADMIN";
  if (kind === "organisation")
    return orgAdmin
      ? { admin: true, permissions: all }
      : { admin: false, permissions: union(grants.organisation.map((g) => g.permissions)) };
  const projectAdmin = orgAdmin || grants.project.some((g) => g.admin);
  if (kind === "project")
    return projectAdmin
      ? { admin: true, permissions: all }
      : { admin: false, permissions: union(grants.project.map((g) => g.permissions)) };
  const environmentAdmin = projectAdmin || grants.environment.some((g) => g.admin);
  return environmentAdmin
    ? { admin: true, permissions: all }
    : { admin: false, permissions: union(grants.environment.map((g) => g.permissions)) };
}

/** Whether the grants give `key` ("ADMIN" = admin of the object) on an object of this kind. */
export function allows(kind: PermissionKind, grants: GrantSet, key: string): boolean {
  const effective = effectivePermissions(kind, grants);
  if (effective.admin) return true;
  return key !== "ADMIN" && effective.permissions.includes(key);
}

// ---- gathering grants ----

export type Target =
  | { kind: "organisation"; organisationId: number }
  | { kind: "project"; organisationId: number; projectId: number }
  | { kind: "environment"; organisationId: number; projectId: number; environmentId: number };

const grantOf = (row: { admin?: boolean; permissions: string; group?: GroupRef }): Grant => ({
  admin: row.admin ?? false,
  permissions: parseStoredKeys(row.permissions),
  ...(row.group && { group: row.group }),
});
const withGroup = { group: { select: { id: true, name: true } } } as const;

/** The grants that reach `userId` on the target (its organisation, project and environment). */
export async function loadGrants(userId: number, target: Target, tx: DbOrTx = db): Promise<GrantSet> {
  const { organisationId } = target;
  const membership = await tx.organisationUser.findUnique({
    where: { organisationId_userId: { organisationId, userId } },
    select: { role: true },
  });
  if (!membership) return { role: null, organisation: [], project: [], environment: [] };
  const role = membership.role === "ADMIN" ? "ADMIN" : "USER";
  const inGroup = { members: { some: { userId } }, organisationId };
  const grants: GrantSet = { role, organisation: [], project: [], environment: [] };
  if (role === "ADMIN") return grants;
  if (target.kind === "organisation") {
    const [own, groups] = await Promise.all([
      tx.userOrganisationPermission.findMany({ where: { userId, organisationId } }),
      tx.groupOrganisationPermission.findMany({ where: { group: inGroup }, include: withGroup }),
    ]);
    grants.organisation = [...own, ...groups].map(grantOf);
    return grants;
  }
  const { projectId } = target;
  const [own, groups] = await Promise.all([
    tx.userProjectPermission.findMany({ where: { userId, projectId } }),
    tx.groupProjectPermission.findMany({ where: { projectId, group: inGroup }, include: withGroup }),
  ]);
  grants.project = [...own, ...groups].map(grantOf);
  if (target.kind === "environment") {
    const { environmentId } = target;
    const [ownEnv, groupEnv] = await Promise.all([
      tx.userEnvironmentPermission.findMany({ where: { userId, environmentId } }),
      tx.groupEnvironmentPermission.findMany({
        where: { environmentId, group: inGroup },
        include: withGroup,
      }),
    ]);
    grants.environment = [...ownEnv, ...groupEnv].map(grantOf);
  }
  return grants;
}

export async function hasPermission(userId: number, target: Target, key: string, tx: DbOrTx = db) {
  return allows(target.kind, await loadGrants(userId, target, tx), key);
}

/** Of these projects (all in one organisation or several), those where the user holds `key`. */
export async function permittedProjectIds(
  userId: number,
  projects: { id: number; organisationId: number }[],
  key: string,
  tx: DbOrTx = db,
): Promise<Set<number>> {
  const out = new Set<number>();
  for (const p of projects) {
    const target = { kind: "project" as const, organisationId: p.organisationId, projectId: p.id };
    if (await hasPermission(userId, target, key, tx)) out.add(p.id);
  }
  return out;
}

/** Of these environments, those where the user holds `key`. */
export async function permittedEnvironmentIds(
  userId: number,
  environments: { id: number; projectId: number; organisationId: number }[],
  key: string,
  tx: DbOrTx = db,
): Promise<Set<number>> {
  const out = new Set<number>();
  for (const e of environments) {
    const target = {
      kind: "environment" as const,
      organisationId: e.organisationId,
      projectId: e.projectId,
      environmentId: e.id,
    };
    if (await hasPermission(userId, target, key, tx)) out.add(e.id);
  }
  return out;
}
