// Feature segments: the link of a feature, a segment and an environment that a segment
// override hangs on, with its priority among the feature's overrides in that environment.
import { assertQuota } from "@/lib/limits/quotas";
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { buildPage, FIXED_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { db, type Tx } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/db/revision";
import { recordSegmentOrderChange, snapshotSegmentOrder } from "@/lib/feature-states/segment-order-entry";
import { generateUuid } from "@/lib/keys";
import { assertDirectWritesAllowed } from "@/lib/feature-states/write";
import { ensureBaselineVersion } from "@/lib/feature-states/record-version";
import { requireEnvironmentById, requireFeatureById, requireSegmentById, visibleProject } from "./access";
import { closeGap, nextPriority, reorderPriorities, shiftForInsert } from "./priorities";
import { zodIssuesToDrf } from "@/lib/api/zod-errors";
import {
  ZFeatureSegmentPriority,
  type TFeatureSegmentCreate,
  type TFeatureSegmentListQuery,
  type TFeatureSegmentPriority,
} from "./schemas";
import { serializeFeatureSegment, serializeFeatureSegmentListItem } from "./serializers";

const ALREADY_OVERRIDDEN = "The flag is already overridden for this segment.";

type Link = { featureId: number; segmentId: number; environmentId: number };

async function storePriorities(
  tx: Tx,
  current: { id: number; priority: number }[],
  next: Map<number, number>,
) {
  for (const row of current) {
    const priority = next.get(row.id);
    if (priority !== undefined && priority !== row.priority) {
      await tx.featureSegment.update({ where: { id: row.id }, data: { priority } });
    }
  }
}

function siblings(tx: Tx, link: Pick<Link, "featureId" | "environmentId">) {
  return tx.featureSegment.findMany({
    where: { featureId: link.featureId, environmentId: link.environmentId },
    select: { id: true, priority: true },
  });
}

/**
 * Creates a feature segment inside a transaction. Without a priority it goes last; with
 * one, the feature segments at or after it move down to make room, unless `exact` (a caller
 * that sets the whole order itself, such as a promotion).
 */
export async function insertFeatureSegment(
  tx: Tx,
  link: Link,
  priority?: number | null,
  options: { exact?: boolean } = {},
) {
  await assertQuota(tx, "segmentOverrides", link.environmentId);
  await ensureBaselineVersion(tx, link);
  const clash = await tx.featureSegment.findUnique({
    where: { featureId_segmentId_environmentId: link },
    select: { id: true },
  });
  if (clash) throw ValidationError.nonField(ALREADY_OVERRIDDEN);
  const current = await siblings(tx, link);
  if (priority !== undefined && priority !== null && !options.exact) {
    await storePriorities(tx, current, shiftForInsert(current, priority));
  }
  return tx.featureSegment.create({
    data: { ...link, uuid: generateUuid(), priority: priority ?? nextPriority(current) },
  });
}

/** The feature and segment checks shared by both ways of creating a segment override. */
export function checkSegmentForFeature(
  segment: { projectId: number; featureId: number | null },
  feature: { id: number; projectId: number },
) {
  if (segment.projectId !== feature.projectId) {
    throw ValidationError.field("segment", "Segment does not exist in project");
  }
  if (segment.featureId !== null && segment.featureId !== feature.id) {
    throw ValidationError.field(
      "feature",
      `Can only create segment override(using this segment) for feature ${segment.featureId}`,
    );
  }
}

export async function createFeatureSegment(userId: number, input: TFeatureSegmentCreate) {
  const environment = await requireEnvironmentById(userId, input.environment);
  const feature = await requireFeatureById(userId, input.feature);
  const segment = await requireSegmentById(userId, input.segment);
  if (feature.projectId !== environment.projectId) {
    throw ValidationError.field("feature", "Feature does not exist in project");
  }
  checkSegmentForFeature(segment, feature);
  const created = await db.$transaction(async (tx) => {
    const where = { featureId: feature.id, environmentId: environment.id };
    const before = await snapshotSegmentOrder(tx, where);
    const row = await insertFeatureSegment(tx, { ...where, segmentId: segment.id });
    await touchEnvironments({ environmentId: environment.id }, tx);
    await recordSegmentOrderChange(tx, where, before);
    return row;
  });
  return serializeFeatureSegment(created);
}

const withSegment = { segment: { select: { name: true, featureId: true } } };

export async function listFeatureSegments(userId: number, request: Request, query: TFeatureSegmentListQuery) {
  await requireEnvironmentById(userId, query.environment);
  const where = { environmentId: query.environment, featureId: query.feature };
  const window = pageWindow(query, FIXED_PAGE_SIZE);
  const [count, rows] = await Promise.all([
    db.featureSegment.count({ where }),
    db.featureSegment.findMany({
      where,
      include: withSegment,
      orderBy: [{ priority: "asc" }, { id: "asc" }],
      skip: window.skip,
      take: window.take,
    }),
  ]);
  return buildPage(request, window, count, rows.map(serializeFeatureSegmentListItem));
}

async function requireFeatureSegment(userId: number, id: number) {
  const row = await db.featureSegment.findFirst({
    where: { id, environment: { project: visibleProject(userId) } },
    include: withSegment,
  });
  if (!row) throw new NotFoundError();
  return row;
}

export async function getFeatureSegment(userId: number, id: number) {
  return serializeFeatureSegmentListItem(await requireFeatureSegment(userId, id));
}

/** Deletes a feature segment and its override; the ones after it move up. */
export async function deleteFeatureSegment(userId: number, id: number) {
  const row = await requireFeatureSegment(userId, id);
  await db.$transaction(async (tx) => {
    // Its override goes with it: a change of the environment's flags.
    await assertDirectWritesAllowed(tx, row.environmentId);
    const before = await snapshotSegmentOrder(tx, row);
    await tx.featureSegment.delete({ where: { id: row.id } });
    const current = await siblings(tx, row);
    await storePriorities(tx, current, closeGap(current, row.priority));
    await touchEnvironments({ environmentId: row.environmentId }, tx);
    await recordSegmentOrderChange(tx, row, before);
  });
}

function parsePriorityItems(raw: unknown[]): TFeatureSegmentPriority[] {
  const results = raw.map((item) => ZFeatureSegmentPriority.safeParse(item, { reportInput: true }));
  if (results.every((r) => r.success)) return results.map((r) => r.data!);
  throw new ValidationError(results.map((r) => (r.success ? {} : zodIssuesToDrf(r.error.issues))));
}

export async function updateFeatureSegmentPriorities(userId: number, raw: unknown[]) {
  const items = parsePriorityItems(raw);
  if (items.length === 0) return [];
  const requested = new Map(items.map((item) => [item.id, item.priority]));
  // Another tenant's feature segments are not found, exactly like ids that name nothing.
  const targets = await db.featureSegment.findMany({
    where: { id: { in: [...requested.keys()] }, environment: { project: visibleProject(userId) } },
    select: { id: true, featureId: true, environmentId: true },
  });
  if (targets.length !== items.length) {
    throw ValidationError.nonField("Some of the provided ids were not found.");
  }
  const [first] = targets;
  if (targets.some((t) => t.featureId !== first.featureId || t.environmentId !== first.environmentId)) {
    throw ValidationError.nonField("All feature segments must belong to the same feature & environment.");
  }
  const rows = await db.$transaction(async (tx) => {
    // The order decides which override an identity gets: a change of the environment's flags.
    await assertDirectWritesAllowed(tx, first.environmentId);
    const before = await snapshotSegmentOrder(tx, first);
    const current = await siblings(tx, first);
    await storePriorities(tx, current, reorderPriorities(current, requested));
    await touchEnvironments({ environmentId: first.environmentId }, tx);
    await recordSegmentOrderChange(tx, first, before);
    return tx.featureSegment.findMany({
      where: { id: { in: [...requested.keys()] } },
      include: withSegment,
      orderBy: [{ priority: "asc" }, { id: "asc" }],
    });
  });
  return rows.map(serializeFeatureSegmentListItem);
}
