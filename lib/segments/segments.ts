// Segments of a project: create, list, read, replace or patch, delete. Every write runs in
// one transaction with its rule tree and bumps the revision of the project's environments.
// In a project with change requests on, PUT/PATCH is refused (409, in beginSegmentWrite);
// creating and deleting a segment are not, as in Flagsmith, which guards only updates.
import { assertQuota, assertValueBudget, readServedChars } from "@/lib/limits/quotas";
import { PermissionDeniedError, NotFoundError, ValidationError } from "@/lib/api/errors";
import { buildPage, MAX_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { db, type Tx } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/db/revision";
import { recordAudit } from "@/lib/audit/record";
import { generateUuid } from "@/lib/keys";
import { requireProject } from "@/lib/organisations/access";
import { replaceRules, createRules, segmentInclude } from "./rules";
import type { TSegmentCreate, TSegmentListQuery, TSegmentPatch } from "./schemas";
import { serializeSegment } from "./serializers";
import { beginSegmentWrite, keepSegmentVersion, rulesDiffer } from "./versions";

type Scope = { userId: number; projectId: number };

/** A feature named in a segment body: 403 if the user cannot see it, 400 if another project's. */
async function checkSegmentFeature(tx: Tx, scope: Scope, featureId: number | null | undefined) {
  if (featureId === undefined || featureId === null) return;
  const feature = await tx.feature.findFirst({
    where: { id: featureId, project: { organisation: { users: { some: { userId: scope.userId } } } } },
    select: { projectId: true },
  });
  if (!feature) throw new PermissionDeniedError();
  if (feature.projectId !== scope.projectId) {
    throw ValidationError.field("feature", `Invalid pk "${featureId}" - object does not exist.`);
  }
}

function checkProjectField(scope: Scope, project: number | undefined) {
  if (project !== undefined && project !== scope.projectId) {
    throw ValidationError.field("project", "Must be the project of the URL.");
  }
}

async function loadSegment(tx: Tx, id: number) {
  return tx.segment.findUniqueOrThrow({ where: { id }, include: segmentInclude });
}

/** The segment addressed by a path, inside a project the user can see; 404 otherwise. */
async function requireSegment(scope: Scope, segmentId: number) {
  await requireProject(scope.userId, scope.projectId);
  const segment = await db.segment.findFirst({
    where: { id: segmentId, projectId: scope.projectId },
    select: { id: true },
  });
  if (!segment) throw new NotFoundError();
  return segment;
}

export async function createSegment(scope: Scope, input: TSegmentCreate) {
  await requireProject(scope.userId, scope.projectId);
  checkProjectField(scope, input.project);
  const segment = await db.$transaction(async (tx) => {
    await assertQuota(tx, "segments", scope.projectId);
    await checkSegmentFeature(tx, scope, input.feature);
    const created = await tx.segment.create({
      data: {
        uuid: generateUuid(),
        name: input.name,
        description: input.description ?? null,
        projectId: scope.projectId,
        featureId: input.feature ?? null,
      },
    });
    await createRules(tx, created.id, input.rules);
    await assertValueBudget(tx, { projectId: scope.projectId });
    await touchEnvironments({ projectId: scope.projectId }, tx);
    const after = await loadSegment(tx, created.id);
    await recordAudit(tx, segmentEntry(null, after, `New Segment created: ${after.name}`));
    return after;
  });
  return serializeSegment(segment);
}

function isFalse(flag: string | undefined): boolean {
  return flag !== undefined && ["false", "False", "0"].includes(flag);
}

export async function listSegments(scope: Scope, request: Request, query: TSegmentListQuery) {
  await requireProject(scope.userId, scope.projectId);
  const where = {
    projectId: scope.projectId,
    ...(isFalse(query.include_feature_specific) ? { featureId: null } : {}),
  };
  // Names are matched case-insensitively in memory: SQLite and PostgreSQL disagree on LIKE.
  const candidates = await db.segment.findMany({
    where,
    select: { id: true, name: true },
    orderBy: { id: "asc" },
  });
  const needle = query.q?.toLowerCase();
  const ids = candidates.filter((s) => !needle || s.name.toLowerCase().includes(needle)).map((s) => s.id);
  const window = pageWindow(query, MAX_PAGE_SIZE);
  const pageIds = ids.slice(window.skip, window.skip + window.take);
  const rows = await db.segment.findMany({
    where: { id: { in: pageIds } },
    include: segmentInclude,
    orderBy: { id: "asc" },
  });
  return buildPage(request, window, ids.length, rows.map(serializeSegment));
}

export async function getSegment(scope: Scope, segmentId: number) {
  const { id } = await requireSegment(scope, segmentId);
  return serializeSegment(await loadSegment(db, id));
}

/**
 * PUT and PATCH: fields sent are changed; `rules`, when sent, replace the whole tree. Refused
 * (409) in a project with change requests on, by beginSegmentWrite, like every segment change.
 */
export async function updateSegment(scope: Scope, segmentId: number, input: TSegmentPatch) {
  const { id } = await requireSegment(scope, segmentId);
  checkProjectField(scope, input.project);
  const segment = await db.$transaction(async (tx) => {
    const before = await beginSegmentWrite(tx, id);
    await checkSegmentFeature(tx, scope, input.feature);
    if (input.rules && rulesDiffer(before, input.rules))
      await keepSegmentVersion(tx, before, { authorId: scope.userId, reason: "UPDATED" });
    const served = await readServedChars(tx, scope.projectId);
    await tx.segment.update({
      where: { id },
      data: {
        name: input.name,
        description: input.description,
        featureId: input.feature,
        // Touch updatedAt even when only the rules change.
        updatedAt: new Date(),
      },
    });
    if (input.rules) await replaceRules(tx, id, input.rules);
    await assertValueBudget(tx, { projectId: scope.projectId }, served);
    await touchEnvironments({ projectId: scope.projectId }, tx);
    const after = await loadSegment(tx, id);
    await recordAudit(tx, segmentEntry(before, after, `Segment updated: ${after.name}`));
    return after;
  });
  return serializeSegment(segment);
}

/** Deleting a segment deletes its feature segments and their overrides with it. */
export async function deleteSegment(scope: Scope, segmentId: number) {
  const { id } = await requireSegment(scope, segmentId);
  await db.$transaction(async (tx) => {
    const before = await loadSegment(tx, id);
    await recordAudit(tx, segmentEntry(before, null, `Segment deleted: ${before.name}`));
    await tx.segment.delete({ where: { id } });
    await touchEnvironments({ projectId: scope.projectId }, tx);
  });
}

type LoadedSegment = Awaited<ReturnType<typeof loadSegment>>;

/** What an audit entry compares of a segment: its fields and its rule tree without row ids,
 * which are new whenever the rules are replaced. */
function auditedSegment(segment: LoadedSegment) {
  const view = serializeSegment(segment);
  const rules = JSON.parse(JSON.stringify(view.rules), (key, value) => (key === "id" ? undefined : value));
  return { name: view.name, description: view.description, feature: view.feature, rules };
}

function segmentEntry(before: LoadedSegment | null, after: LoadedSegment | null, log: string) {
  const segment = (after ?? before) as LoadedSegment;
  return {
    type: "SEGMENT" as const,
    before: before && auditedSegment(before),
    after: after && auditedSegment(after),
    log,
    object: segment,
    scope: { projectId: segment.projectId },
  };
}
