// Flagsmith's user-detailed-permissions: what one member holds on an organisation, project or
// environment, and where each part comes from (their own grant, a group, admin of the object
// above, organisation admin). The rules are the resolver's (./resolve.ts); this only reports
// which of the grants it read gave what.
//
// Who may ask: any member about themselves; about someone else, only an admin of the object
// (Flagsmith answers 403 before it looks the other user up, so a non-admin learns nothing of
// who exists). A user who is not a member of the organisation is not found, like an unknown id.
import { NotFoundError } from "@/lib/api/errors";
import type { PermissionKind } from "./keys";
import {
  effectivePermissions,
  loadGrants,
  type Grant,
  type GrantSet,
  type GroupRef,
  type Target,
} from "./resolve";
import { environmentTarget, organisationTarget, projectTarget } from "./scope";

/** Ensign has no roles (an enterprise feature of Flagsmith): `roles` is always empty. */
export type DerivedFrom = { groups: GroupRef[]; roles: { id: number; name: string; tags: number[] }[] };
export type DetailedPermission = {
  permission_key: string;
  is_directly_granted: boolean;
  derived_from: DerivedFrom;
};
export type UserDetailedPermissions = {
  admin: boolean;
  is_directly_granted: boolean;
  derived_from: DerivedFrom;
  permissions: DetailedPermission[];
};

const byId = (a: GroupRef, b: GroupRef) => a.id - b.id;

function addGroup(list: GroupRef[], group: GroupRef) {
  if (!list.some((g) => g.id === group.id)) list.push({ id: group.id, name: group.name });
}

/**
 * Where the grants that reach a user on an object of this kind come from. `admin` is the
 * resolver's answer; `is_directly_granted` (top level) says it comes from the user: organisation
 * admin, or their own admin grant on the object (or, for an environment, on its project);
 * `derived_from.groups` lists the groups that make them admin (the project's first). Each key
 * explicitly granted is listed once: direct if the user's own grant holds it, with every group
 * that also grants it.
 */
export function describeGrants(kind: PermissionKind, grants: GrantSet): UserDetailedPermissions {
  const here: Grant[] = grants[kind];
  const own = here.filter((g) => !g.group);
  const viaGroup = here.filter((g) => g.group).sort((a, b) => byId(a.group!, b.group!));
  // An admin of the project is admin of each of its environments.
  const above = kind === "environment" ? grants.project.filter((g) => g.admin) : [];
  const adminGroups: GroupRef[] = [];
  for (const g of [...above.filter((x) => x.group).sort((a, b) => byId(a.group!, b.group!)), ...viaGroup])
    if (g.admin) addGroup(adminGroups, g.group!);
  const keys = new Map<string, DetailedPermission>();
  for (const grant of [...own, ...viaGroup]) {
    for (const key of grant.permissions) {
      let entry = keys.get(key);
      if (!entry) {
        entry = {
          permission_key: key,
          is_directly_granted: !grant.group,
          derived_from: { groups: [], roles: [] },
        };
        keys.set(key, entry);
      }
      if (grant.group) addGroup(entry.derived_from.groups, grant.group);
    }
  }
  return {
    admin: effectivePermissions(kind, grants).admin,
    is_directly_granted:
      grants.role === "ADMIN" || [...own, ...above.filter((g) => !g.group)].some((g) => g.admin),
    derived_from: { groups: adminGroups, roles: [] },
    permissions: [...keys.values()].sort((a, b) => a.permission_key.localeCompare(b.permission_key)),
  };
}

/**
 * The `orIf` of the user-detailed-permissions routes, whose rule asks ADMIN of the object: any
 * member may ask about themselves, as Flagsmith's view allows.
 */
export const askingAboutThemselves = async (ctx: { user: { id: number }; params: { userId: number } }) =>
  ctx.params.userId === ctx.user.id;

/** The route's rule has let the caller in (an admin of the object, or asking about themselves). */
async function answer(userId: number, target: Target | null) {
  if (!target) throw new NotFoundError();
  const theirs = await loadGrants(userId, target);
  if (theirs.role === null) throw new NotFoundError();
  return describeGrants(target.kind, theirs);
}

type Ask = { userId: number };

export async function organisationUserDetailedPermissions(ask: Ask & { organisationId: number }) {
  return answer(ask.userId, await organisationTarget(ask.organisationId));
}

export async function projectUserDetailedPermissions(ask: Ask & { projectId: number }) {
  return answer(ask.userId, await projectTarget(ask.projectId));
}

export async function environmentUserDetailedPermissions(ask: Ask & { apiKey: string }) {
  return answer(ask.userId, await environmentTarget(ask.apiKey));
}
