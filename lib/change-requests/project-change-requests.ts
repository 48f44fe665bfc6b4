// Change requests of a project's segments (projects/{id}/change-requests/): the proposed
// rules of existing segments, reviewed like environment requests and committed by
// replacing the segments' rules in one transaction (./commit.ts).
import { BadRequestError, ValidationError } from "@/lib/api/errors";
import { buildPage, FIXED_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { currentActor } from "@/lib/audit/context";
import { db, type Tx } from "@/lib/db/client";
import { generateUuid } from "@/lib/keys";
import { requireProject } from "@/lib/organisations/access";
import { COMMITTED_EDIT, deleteUncommitted } from "./change-requests";
import { notifyAssignees } from "./notify";
import { auditChangeRequest, dropApprovals, writeAssignments } from "./records";
import type {
  TChangeRequestListQuery,
  TProjectChangeRequestCreate,
  TProjectChangeRequestUpdate,
  TProposedSegment,
} from "./schemas";
import {
  loadChangeRequest,
  requireProjectRequest,
  serializeProjectChangeRequest,
  serializeSummary,
  type StoredSegment,
} from "./store";

async function buildSegments(tx: Tx, projectId: number, input: TProposedSegment[]): Promise<StoredSegment[]> {
  const seen = new Set<number>();
  const out: StoredSegment[] = [];
  for (const proposed of input) {
    const id = proposed.id ?? proposed.version_of;
    if (id === undefined)
      throw ValidationError.field("segments", "Each segment needs its id (or version_of).");
    if (seen.has(id)) throw ValidationError.field("segments", "Each segment may appear once.");
    seen.add(id);
    const segment = await tx.segment.findFirst({ where: { id, projectId } });
    if (!segment) throw ValidationError.field("segments", `Segment ${id} does not exist in this project.`);
    out.push({
      id,
      name: proposed.name ?? segment.name,
      description: proposed.description === undefined ? segment.description : proposed.description,
      rules: proposed.rules,
    });
  }
  return out;
}

async function answer(projectId: number, id: number) {
  return serializeProjectChangeRequest(db, await requireProjectRequest(db, projectId, id));
}

export async function createProjectChangeRequest(
  userId: number,
  projectId: number,
  input: TProjectChangeRequestCreate,
) {
  const project = await requireProject(userId, projectId);
  const id = await db.$transaction(async (tx) => {
    const segments = await buildSegments(tx, projectId, input.segments);
    const cr = await tx.changeRequest.create({
      data: {
        uuid: generateUuid(),
        title: input.title,
        description: input.description ?? null,
        projectId,
        authorId: currentActor()?.userId ?? userId,
        segments: JSON.stringify(segments),
        ignoreConflicts: input.ignore_conflicts ?? false,
      },
    });
    await writeAssignments(tx, cr.id, project.organisationId, input);
    await auditChangeRequest(tx, cr, "created");
    return cr.id;
  });
  notifyAssignees(id);
  return answer(projectId, id);
}

export async function listProjectChangeRequests(
  userId: number,
  projectId: number,
  request: Request,
  query: TChangeRequestListQuery,
) {
  await requireProject(userId, projectId);
  const where = {
    projectId,
    environmentId: null,
    committedAt: query.committed === undefined ? undefined : query.committed ? { not: null } : null,
    segments: query.segment_id === undefined ? undefined : { contains: `{"id":${query.segment_id},` },
  };
  let ids: number[] | undefined;
  if (query.search !== undefined) {
    const needle = query.search.toLowerCase();
    const rows = await db.changeRequest.findMany({ where, select: { id: true, title: true } });
    ids = rows.filter((r) => r.title.toLowerCase().includes(needle)).map((r) => r.id);
  }
  const filtered = ids === undefined ? where : { ...where, id: { in: ids } };
  const window = pageWindow(query, FIXED_PAGE_SIZE);
  const [count, rows] = await Promise.all([
    db.changeRequest.count({ where: filtered }),
    db.changeRequest.findMany({
      where: filtered,
      orderBy: { id: "desc" },
      skip: window.skip,
      take: window.take,
      select: { id: true },
    }),
  ]);
  const results = [];
  for (const row of rows) {
    const cr = await loadChangeRequest(db, row.id);
    if (cr) results.push(serializeSummary(cr));
  }
  return buildPage(request, window, count, results);
}

export async function getProjectChangeRequest(projectId: number, id: number) {
  return answer(projectId, id);
}

export async function updateProjectChangeRequest(
  projectId: number,
  id: number,
  input: TProjectChangeRequestUpdate,
) {
  const cr = await requireProjectRequest(db, projectId, id);
  if (cr.committedAt) throw new BadRequestError(COMMITTED_EDIT);
  await db.$transaction(async (tx) => {
    const segments = input.segments && (await buildSegments(tx, projectId, input.segments));
    const { count } = await tx.changeRequest.updateMany({
      where: { id, committedAt: null },
      data: {
        title: input.title,
        description: input.description,
        ignoreConflicts: input.ignore_conflicts,
        ...(segments && { segments: JSON.stringify(segments) }),
        updatedAt: new Date(),
      },
    });
    if (count === 0) throw new BadRequestError(COMMITTED_EDIT);
    if (segments) await dropApprovals(tx, id);
    await writeAssignments(tx, id, cr.project.organisationId, input);
    await auditChangeRequest(tx, cr, "updated", { newTitle: input.title });
  });
  if (input.approvals || input.group_assignments) notifyAssignees(id);
  return answer(projectId, id);
}

export async function deleteProjectChangeRequest(projectId: number, id: number) {
  await deleteUncommitted(await requireProjectRequest(db, projectId, id));
}
