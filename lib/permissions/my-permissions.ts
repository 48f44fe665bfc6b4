// What the caller may do on an object (Flagsmith's my-permissions), for dashboards to hide
// what would be refused. Outside the caller's organisations the object does not exist (404).
import { NotFoundError } from "@/lib/api/errors";
import { effectivePermissions, loadGrants, type Target } from "./resolve";
import { environmentTarget, organisationTarget, projectTarget } from "./scope";

async function answer(userId: number, target: Target | null) {
  if (!target) throw new NotFoundError();
  const grants = await loadGrants(userId, target);
  if (grants.role === null) throw new NotFoundError();
  const effective = effectivePermissions(target.kind, grants);
  return { permissions: effective.permissions, admin: effective.admin, tag_based_permissions: [] };
}

export async function myOrganisationPermissions(userId: number, organisationId: number) {
  return answer(userId, await organisationTarget(organisationId));
}

export async function myProjectPermissions(userId: number, projectId: number) {
  return answer(userId, await projectTarget(projectId));
}

export async function myEnvironmentPermissions(userId: number, apiKey: string) {
  return answer(userId, await environmentTarget(apiKey));
}
