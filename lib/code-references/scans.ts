// Recording a code references scan (POST /projects/{id}/code-references/). A scan replaces, per
// feature it found, that feature's references in the repository; a feature the scan did not
// find keeps its older row, so "last found" survives while the latest scan counts it as 0.
import { db, type Tx } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record";
import { requireProject } from "@/lib/organisations/access";
import type { TCodeReferencesScan } from "./schemas";

type Stored = { file_path: string; line_number: number };
type RepositoryRow = { id: number; url: string; vcsProvider: string; lastScannedAt: Date };

function groupByFeature(references: TCodeReferencesScan["code_references"]) {
  const byName = new Map<string, Stored[]>();
  for (const ref of references) {
    const list = byName.get(ref.feature_name) ?? [];
    list.push({ file_path: ref.file_path, line_number: ref.line_number });
    byName.set(ref.feature_name, list);
  }
  return byName;
}

const auditFields = (repo: RepositoryRow, counts?: { references: number; features: number }) => ({
  repository_url: repo.url,
  vcs_provider: repo.vcsProvider,
  last_scanned_at: repo.lastScannedAt.toISOString(),
  ...(counts ? { code_references: counts.references, features_found: counts.features } : {}),
});

async function storeScan(tx: Tx, projectId: number, scan: TCodeReferencesScan, scannedAt: Date) {
  const before = await tx.vcsRepository.findUnique({
    where: { projectId_url: { projectId, url: scan.repository_url } },
  });
  const repository = await tx.vcsRepository.upsert({
    where: { projectId_url: { projectId, url: scan.repository_url } },
    create: { projectId, url: scan.repository_url, vcsProvider: scan.vcs_provider, lastScannedAt: scannedAt },
    update: { vcsProvider: scan.vcs_provider, lastScannedAt: scannedAt },
  });
  const byName = groupByFeature(scan.code_references);
  const features = await tx.feature.findMany({
    where: { projectId, name: { in: [...byName.keys()] } },
    select: { id: true, name: true },
  });
  let references = 0;
  for (const feature of features) {
    const refs = byName.get(feature.name)!;
    references += refs.length;
    const data = { revision: scan.revision, references: JSON.stringify(refs), count: refs.length, scannedAt };
    await tx.scannedCodeReferences.upsert({
      where: { featureId_repositoryId: { featureId: feature.id, repositoryId: repository.id } },
      create: { featureId: feature.id, repositoryId: repository.id, ...data },
      update: data,
      select: { id: true },
    });
  }
  const counts = { references, features: features.length };
  await recordAudit(tx, {
    type: "VCS_REPOSITORY",
    before: before && auditFields(before),
    after: auditFields(repository, counts),
    log: `Code references scanned for repository: ${repository.url} (${references} references to ${features.length} features)`,
    object: { id: repository.id },
    scope: { projectId },
  });
}

export async function recordCodeReferencesScan(
  scope: { userId: number; projectId: number },
  scan: TCodeReferencesScan,
) {
  await requireProject(scope.userId, scope.projectId);
  const scannedAt = new Date();
  await db.$transaction((tx) => storeScan(tx, scope.projectId, scan, scannedAt), {
    maxWait: 10_000,
    timeout: 60_000,
  });
  return {
    created_at: scannedAt.toISOString(),
    project: scope.projectId,
    repository_url: scan.repository_url,
    vcs_provider: scan.vcs_provider,
    revision: scan.revision,
    code_references: scan.code_references,
  };
}
