// When features last changed, for the features list's last_changed, is_stale and sort
// (Ensign extensions). The sources are what every write already records: the feature row's
// updatedAt (its definition) and its versions, which every change of an environment default
// or a segment override (value, weights, order, removal) writes in its transaction, in every
// environment — the source Flagsmith reads for last_modified_in_any_environment too.
import { db, type Prisma } from "@/lib/db/client";

/**
 * A baseline version (lib/feature-states/record-version.ts) is written when a feature from before versioning
 * is first read or changed: it has no author, no predecessor and restores nothing. It records
 * no change, so it never counts (reading a feature's history must not make it fresh).
 */
const BASELINE: Prisma.FeatureVersionWhereInput = {
  authorId: null,
  previousVersionUuid: null,
  restoredFromUuid: null,
};

/** Each feature's latest version date, in one grouped query. */
export async function latestVersionDates(where: Prisma.FeatureVersionWhereInput): Promise<Map<number, Date>> {
  const rows = await db.featureVersion.groupBy({
    by: ["featureId"],
    where: { AND: [where, { NOT: BASELINE }] },
    _max: { createdAt: true },
  });
  const dates = new Map<number, Date>();
  for (const row of rows) if (row._max.createdAt) dates.set(row.featureId, row._max.createdAt);
  return dates;
}

/** Ids of the project's permanent tags: a feature carrying one is never stale. */
export async function permanentTagIds(projectId: number): Promise<Set<number>> {
  const tags = await db.tag.findMany({ where: { projectId, isPermanent: true }, select: { id: true } });
  return new Set(tags.map((t) => t.id));
}
