import { serializeProject, type ProjectRow } from "@/lib/wire/project";
import { db } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/db/revision";
import { recordAudit } from "@/lib/audit/record";
import { generateUuid } from "@/lib/keys";
import { requireOrganisationMember, requireProject } from "@/lib/organisations/access";
import { PermissionDeniedError } from "@/lib/api/errors";
import type { TProjectCreate, TProjectUpdate } from "./schemas";
import { permittedProjectIds } from "@/lib/permissions/resolve";

export async function listProjects(userId: number, organisationId?: number) {
  const projects = await db.project.findMany({
    where: {
      organisation: { users: { some: { userId } } },
      ...(organisationId === undefined ? {} : { organisationId }),
    },
    orderBy: { id: "asc" },
  });
  // Only the projects the caller may see (VIEW_PROJECT, or admin of the project or organisation).
  const visible = await permittedProjectIds(userId, projects, "VIEW_PROJECT");
  return projects.filter((p) => visible.has(p.id)).map(serializeProject);
}

/** An organisation's projects the caller may see; an organisation they are not in answers 404. */
export async function listOrganisationProjects(userId: number, organisationId: number) {
  await requireOrganisationMember(userId, organisationId);
  return listProjects(userId, organisationId);
}

export async function createProject(userId: number, input: TProjectCreate) {
  try {
    await requireOrganisationMember(userId, input.organisation);
  } catch {
    throw new PermissionDeniedError();
  }
  const project = await db.$transaction(async (tx) => {
    const created = await tx.project.create({
      data: {
        uuid: generateUuid(),
        name: input.name,
        organisationId: input.organisation,
        hideDisabledFlags: input.hide_disabled_flags,
        enableRealtimeUpdates: input.enable_realtime_updates,
        preventFlagDefaults: input.prevent_flag_defaults,
        staleFlagsLimitDays: input.stale_flags_limit_days,
        minimumChangeRequestApprovals: input.minimum_change_request_approvals,
        featureNameRegex:
          input.feature_name_regex === undefined ? undefined : input.feature_name_regex || null,
      },
    });
    // The creator administers what they made, as in Flagsmith.
    await tx.userProjectPermission.create({ data: { userId, projectId: created.id, admin: true } });
    await recordAudit(tx, projectEntry(null, created, `New Project created: ${created.name}`));
    return created;
  });
  return serializeProject(project);
}

export async function getProject(userId: number, projectId: number) {
  return serializeProject(await requireProject(userId, projectId));
}

export async function updateProject(userId: number, projectId: number, input: TProjectUpdate) {
  const before = await requireProject(userId, projectId);
  const project = await db.$transaction(async (tx) => {
    const updated = await tx.project.update({
      where: { id: projectId },
      data: {
        name: input.name,
        hideDisabledFlags: input.hide_disabled_flags,
        enableRealtimeUpdates: input.enable_realtime_updates,
        preventFlagDefaults: input.prevent_flag_defaults,
        staleFlagsLimitDays: input.stale_flags_limit_days,
        minimumChangeRequestApprovals: input.minimum_change_request_approvals,
        featureNameRegex:
          input.feature_name_regex === undefined ? undefined : input.feature_name_regex || null,
      },
    });
    await touchEnvironments({ projectId }, tx);
    await recordAudit(tx, projectEntry(before, updated, `Project updated: ${updated.name}`));
    return updated;
  });
  return serializeProject(project);
}

export async function deleteProject(userId: number, projectId: number) {
  const before = await requireProject(userId, projectId);
  await db.$transaction(async (tx) => {
    await recordAudit(tx, projectEntry(before, null, `Project deleted: ${before.name}`));
    await tx.project.delete({ where: { id: projectId } });
  });
}

function projectEntry(before: ProjectRow | null, after: ProjectRow | null, log: string) {
  const project = (after ?? before) as ProjectRow;
  return {
    type: "PROJECT" as const,
    before,
    after,
    log,
    object: project,
    scope: { projectId: project.id, organisationId: project.organisationId },
  };
}
