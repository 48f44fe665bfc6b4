// Reading code references: one feature's references per repository with permalinks, the
// per-repository counts the features list carries, and which features the latest scans found.
import { db } from "@/lib/db/client";
import { requireFeature } from "@/lib/features/access";
import { permalinkFor } from "./permalinks";

type Stored = { file_path: string; line_number: number };

const isLatest = (row: { scannedAt: Date; repository: { lastScannedAt: Date } }) =>
  row.scannedAt.getTime() === row.repository.lastScannedAt.getTime();

/** GET /projects/{id}/features/{id}/code-references/: the latest scan's references, per repository. */
export async function listFeatureCodeReferences(scope: {
  userId: number;
  projectId: number;
  featureId: number;
}) {
  const { feature } = await requireFeature(scope.userId, scope.projectId, scope.featureId);
  const rows = await db.scannedCodeReferences.findMany({
    where: { featureId: feature.id },
    include: { repository: true },
    orderBy: [{ repository: { url: "asc" } }],
  });
  return rows.filter(isLatest).map((row) => ({
    repository_url: row.repository.url,
    vcs_provider: row.repository.vcsProvider,
    revision: row.revision,
    last_successful_repository_scanned_at: row.repository.lastScannedAt.toISOString(),
    last_feature_found_at: row.scannedAt.toISOString(),
    code_references: (JSON.parse(row.references) as Stored[]).map((ref) => ({
      feature_name: feature.name,
      file_path: ref.file_path,
      line_number: ref.line_number,
      permalink: permalinkFor({
        provider: row.repository.vcsProvider,
        repositoryUrl: row.repository.url,
        revision: row.revision,
        filePath: ref.file_path,
        lineNumber: ref.line_number,
      }),
    })),
  }));
}

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
