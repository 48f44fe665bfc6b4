import { ValidationError } from "@/lib/api/errors";
import { buildPage, FIXED_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { serializeEnvironment, type EnvironmentRow } from "@/lib/wire/environment";
import { db, type Tx } from "@/lib/db/client";
import { createDefaultStatesForEnvironment } from "@/lib/features/option-writes";
import { generateEnvironmentKey, generateUuid } from "@/lib/keys";
import { assertQuota, assertValueBudget } from "@/lib/limits/quotas";
import { requireEnvironment, requireProject, requireProjectForWrite } from "@/lib/organisations/access";
import { recordAudit } from "@/lib/audit/record";
import { touchEnvironments } from "@/lib/db/revision";
import type { TEnvironmentCreate, TEnvironmentUpdate } from "./schemas";
import { permittedEnvironmentIds } from "@/lib/permissions/resolve";

function settingsData(input: TEnvironmentUpdate) {
  return {
    name: input.name,
    description: input.description,
    bannerText: input.banner_text,
    bannerColour: input.banner_colour,
    minimumChangeRequestApprovals: input.minimum_change_request_approvals,
    allowClientTraits: input.allow_client_traits,
    hideDisabledFlags: input.hide_disabled_flags,
    hideSensitiveData: input.hide_sensitive_data,
    useIdentityCompositeKeyForHashing: input.use_identity_composite_key_for_hashing,
    useIdentityOverridesInLocalEval: input.use_identity_overrides_in_local_eval,
    isProtected: input.is_protected,
  };
}

export async function assertEnvironmentNameFree(tx: Tx, projectId: number, name: string, exceptId?: number) {
  const clash = await tx.environment.findFirst({
    where: { projectId, name, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash) throw ValidationError.nonField("An environment with this name already exists.");
}

export async function createEnvironment(userId: number, input: TEnvironmentCreate) {
  const project = await requireProjectForWrite(userId, input.project);
  const env = await db.$transaction(async (tx) => {
    await assertQuota(tx, "environments", project.id);
    await assertEnvironmentNameFree(tx, project.id, input.name);
    const created = await tx.environment.create({
      data: {
        ...settingsData(input),
        name: input.name,
        uuid: generateUuid(),
        apiKey: generateEnvironmentKey(),
        projectId: project.id,
      },
    });
    // A new environment starts with a state for every feature of its project.
    await createDefaultStatesForEnvironment(tx, created, project.preventFlagDefaults);
    // The creator administers what they made, as in Flagsmith.
    await tx.userEnvironmentPermission.create({ data: { userId, environmentId: created.id, admin: true } });
    await assertValueBudget(tx, { projectId: project.id });
    await recordAudit(tx, environmentEntry(null, created, `New Environment created: ${created.name}`));
    return created;
  });
  return serializeEnvironment(env);
}

export async function listEnvironments(
  userId: number,
  request: Request,
  query: { project?: string; page?: number },
) {
  if (!query.project || !/^\d+$/.test(query.project)) {
    throw new ValidationError(["Invalid or missing value for project parameter."]);
  }
  const project = await requireProjectForWrite(userId, Number(query.project));
  // Only the environments the caller may see (VIEW_ENVIRONMENT, or admin above them).
  const all = await db.environment.findMany({ where: { projectId: project.id }, select: { id: true } });
  const visible = await permittedEnvironmentIds(
    userId,
    all.map((e) => ({ id: e.id, projectId: project.id, organisationId: project.organisationId })),
    "VIEW_ENVIRONMENT",
  );
  const where = { projectId: project.id, id: { in: [...visible] } };
  const window = pageWindow(query, FIXED_PAGE_SIZE);
  const [count, rows] = await Promise.all([
    db.environment.count({ where }),
    db.environment.findMany({ where, orderBy: { id: "asc" }, skip: window.skip, take: window.take }),
  ]);
  return buildPage(request, window, count, rows.map(serializeEnvironment));
}

export async function getEnvironment(userId: number, apiKey: string) {
  return serializeEnvironment(await requireEnvironment(userId, apiKey));
}

export async function updateEnvironment(userId: number, apiKey: string, input: TEnvironmentUpdate) {
  const env = await requireEnvironment(userId, apiKey);
  const updated = await db.$transaction(async (tx) => {
    if (input.name !== undefined) await assertEnvironmentNameFree(tx, env.projectId, input.name, env.id);
    await tx.environment.update({ where: { id: env.id }, data: settingsData(input) });
    await touchEnvironments({ environmentId: env.id }, tx);
    const after = await tx.environment.findUniqueOrThrow({ where: { id: env.id } });
    await recordAudit(tx, environmentEntry(env, after, `Environment updated: ${after.name}`));
    return after;
  });
  return serializeEnvironment(updated);
}

export async function deleteEnvironment(userId: number, apiKey: string) {
  const env = await requireEnvironment(userId, apiKey);
  await db.$transaction(async (tx) => {
    await recordAudit(tx, environmentEntry(env, null, `Environment deleted: ${env.name}`));
    await tx.environment.delete({ where: { id: env.id } });
  });
  await touchEnvironments({ environmentId: env.id });
}

function environmentEntry(before: EnvironmentRow | null, after: EnvironmentRow | null, log: string) {
  const env = (after ?? before) as EnvironmentRow & { uuid: string };
  return {
    type: "ENVIRONMENT" as const,
    before,
    after,
    log,
    object: env,
    scope: { environmentId: env.id, projectId: env.projectId },
  };
}

/** GET /projects/{id}/environments/: every environment of the project the caller may see (a bare list). */
export async function listProjectEnvironments(userId: number, projectId: number) {
  const project = await requireProject(userId, projectId);
  const all = await db.environment.findMany({ where: { projectId: project.id }, orderBy: { id: "asc" } });
  const visible = await permittedEnvironmentIds(
    userId,
    all.map((e) => ({ id: e.id, projectId: project.id, organisationId: project.organisationId })),
    "VIEW_ENVIRONMENT",
  );
  return all.filter((e) => visible.has(e.id)).map(serializeEnvironment);
}
