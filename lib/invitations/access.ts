// Who may invite: organisation admins, and members granted MANAGE_USERS. The latter invite
// with the USER role only and never see or hand out an ADMIN-role link, so the key cannot
// be turned into the admin role.
import { PermissionDeniedError } from "@/lib/api/errors";
import { hasPermission } from "@/lib/permissions/resolve";

type Scope = { userId: number; organisationId: number };

/** Whether the inviter is an organisation admin; 403 for a member without MANAGE_USERS. */
export async function requireInviter(scope: Scope): Promise<{ admin: boolean }> {
  const target = { kind: "organisation" as const, organisationId: scope.organisationId };
  if (await hasPermission(scope.userId, target, "ADMIN")) return { admin: true };
  if (await hasPermission(scope.userId, target, "MANAGE_USERS")) return { admin: false };
  throw new PermissionDeniedError();
}

/** 403 unless the inviter may hand out every one of these roles. */
export async function requireInviterFor(scope: Scope, roles: readonly string[]): Promise<{ admin: boolean }> {
  const inviter = await requireInviter(scope);
  if (!inviter.admin && roles.includes("ADMIN"))
    throw new PermissionDeniedError("Only organisation admins can invite people as admins.");
  return inviter;
}
