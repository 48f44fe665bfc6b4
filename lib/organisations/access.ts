// Tenant scope, decided once: an object outside the caller's organisations answers
// 404 (it does not exist for them); inside, an action that needs the organisation's admin
// role answers 403. An id named in a *body* (e.g. the project of a new environment) that
// the caller cannot see answers 403, as Flagsmith's permission checks do.
import { NotFoundError, PermissionDeniedError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";

export type Role = "ADMIN" | "USER";

export async function getMembershipRole(userId: number, organisationId: number): Promise<Role | null> {
  const membership = await db.organisationUser.findUnique({
    where: { organisationId_userId: { organisationId, userId } },
    select: { role: true },
  });
  return (membership?.role as Role | undefined) ?? null;
}

export async function requireOrganisationMember(userId: number, organisationId: number): Promise<Role> {
  const role = await getMembershipRole(userId, organisationId);
  if (!role) throw new NotFoundError();
  return role;
}

export async function requireOrganisationAdmin(userId: number, organisationId: number): Promise<void> {
  if ((await requireOrganisationMember(userId, organisationId)) !== "ADMIN")
    throw new PermissionDeniedError();
}

/** The project if the user belongs to its organisation; 404 otherwise. */
export async function requireProject(userId: number, projectId: number) {
  const project = await db.project.findFirst({
    where: { id: projectId, organisation: { users: { some: { userId } } } },
  });
  if (!project) throw new NotFoundError();
  return project;
}

/** For ids given in a request body: invisible answers 403, not 404. */
export async function requireProjectForWrite(userId: number, projectId: number) {
  try {
    return await requireProject(userId, projectId);
  } catch {
    throw new PermissionDeniedError();
  }
}

/** The environment addressed by its api_key in a path, if the user may see it; 404 otherwise. */
/** An environment of the caller's organisations by its key, or by its integer id. */
export async function requireEnvironment(userId: number, ref: string | number) {
  const environment = await db.environment.findFirst({
    where: {
      ...(typeof ref === "number" ? { id: ref } : { apiKey: ref }),
      project: { organisation: { users: { some: { userId } } } },
    },
  });
  if (!environment) throw new NotFoundError();
  return environment;
}
