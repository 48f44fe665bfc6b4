// Reading code references: the per-repository counts the features list carries, and which
// features the latest scans found (one feature's references: lib/features/feature-code-references.ts).
import { db } from "@/lib/db/client";

/** Whether a stored row is from its repository's latest scan (older rows are history). */
export const isLatest = (row: { scannedAt: Date; repository: { lastScannedAt: Date } }) =>
  row.scannedAt.getTime() === row.repository.lastScannedAt.getTime();

export type CodeReferencesCount = {
  repository_url: string;
  count: number;
  last_successful_repository_scanned_at: string;
  last_feature_found_at: string;
};

/**
 * `code_references_counts` of a page of features, in one query: per repository that ever
 * found the feature, the references its latest scan found (0 when that scan no longer did).
 */
export async function codeReferencesCounts(
  featureIds: number[],
): Promise<Map<number, CodeReferencesCount[]>> {
  const out = new Map<number, CodeReferencesCount[]>();
  if (featureIds.length === 0) return out;
  const rows = await db.scannedCodeReferences.findMany({
    where: { featureId: { in: featureIds } },
    select: {
      featureId: true,
      count: true,
      scannedAt: true,
      repository: { select: { url: true, lastScannedAt: true } },
    },
    orderBy: [{ repository: { url: "asc" } }],
  });
  for (const row of rows) {
    const list = out.get(row.featureId) ?? [];
    list.push({
      repository_url: row.repository.url,
      count: isLatest(row) ? row.count : 0,
      last_successful_repository_scanned_at: row.repository.lastScannedAt.toISOString(),
      last_feature_found_at: row.scannedAt.toISOString(),
    });
    out.set(row.featureId, list);
  }
  return out;
}

/** Ids of the project's features that the latest scan of some repository found. */
export async function featuresInLatestScan(projectId: number, featureIds?: number[]): Promise<Set<number>> {
  const rows = await db.scannedCodeReferences.findMany({
    where: { feature: { projectId }, ...(featureIds ? { featureId: { in: featureIds } } : {}) },
    select: { featureId: true, scannedAt: true, repository: { select: { lastScannedAt: true } } },
  });
  return new Set(rows.filter(isLatest).map((r) => r.featureId));
}
