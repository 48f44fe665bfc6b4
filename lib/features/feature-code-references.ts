// One feature's code references, per repository with permalinks: a feature endpoint, so it
// finds the feature in the caller's tenant as the other feature endpoints do.
import { isLatest } from "@/lib/code-references/read";
import { permalinkFor } from "@/lib/code-references/permalinks";
import { db } from "@/lib/db/client";
import { requireFeature } from "./access";

type Stored = { file_path: string; line_number: number };

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
