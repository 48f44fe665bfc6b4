// Audit entries for the segment overrides of a feature in an environment as a whole: adding
// a feature segment, removing one, or reordering them changes which override wins, so the
// entry records the ordered list before and after.
import type { Tx } from "@/lib/db/client";
import { ensureBaselineVersion, recordFeatureVersion } from "./record-version";
import { recordAudit } from "@/lib/audit/record";

type Where = { featureId: number; environmentId: number };
export type SegmentOrder = { segment: number; priority: number }[];

export async function snapshotSegmentOrder(tx: Tx, where: Where): Promise<SegmentOrder> {
  // Taken before a change: a feature without versions gets its first one from this state.
  await ensureBaselineVersion(tx, where);
  const rows = await tx.featureSegment.findMany({
    where: { featureId: where.featureId, environmentId: where.environmentId },
    orderBy: [{ priority: "asc" }, { id: "asc" }],
    select: { segmentId: true, priority: true },
  });
  return rows.map((r) => ({ segment: r.segmentId, priority: r.priority }));
}

/** Records the change from `before` to the order now stored. */
export async function recordSegmentOrderChange(tx: Tx, where: Where, before: SegmentOrder): Promise<void> {
  const [feature, environment] = await Promise.all([
    tx.feature.findUniqueOrThrow({ where: { id: where.featureId }, select: { name: true, uuid: true } }),
    tx.environment.findUniqueOrThrow({ where: { id: where.environmentId }, select: { name: true } }),
  ]);
  await recordAudit(tx, {
    type: "FEATURE",
    before: { segmentOverrides: before },
    after: { segmentOverrides: await snapshotSegmentOrder(tx, where) },
    log: `Segment rules updated for flag: ${feature.name} in environment: ${environment.name}`,
    object: { id: where.featureId, uuid: feature.uuid },
    scope: { environmentId: where.environmentId },
  });
  await recordFeatureVersion(tx, where);
}
