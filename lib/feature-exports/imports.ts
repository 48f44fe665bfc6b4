// Flagsmith's feature import: an uploaded export file applied to an environment. The file is
// checked whole first (./read-upload.ts); then it is applied in one transaction with the record
// of the import, so a refusal anywhere writes nothing. Flagsmith applies it in a background
// task; Ensign within the request, so a new import answers SUCCESS.
import type { z } from "zod";
import { buildPage, FIXED_PAGE_SIZE, pageWindow, type TPageQuery } from "@/lib/api/pagination";
import { db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record";
import { permittedEnvironmentIds } from "@/lib/permissions/resolve";
import { applyFeatureFile } from "./apply-import";
import { readUpload } from "./read-upload";
import type { ZFeatureImport } from "./responses";

type ImportRow = { id: number; environmentId: number; strategy: string; status: string; createdAt: Date };

function serializeImport(row: ImportRow): z.infer<typeof ZFeatureImport> {
  return {
    id: row.id,
    environment_id: row.environmentId,
    strategy: row.strategy as "SKIP",
    status: row.status as "SUCCESS",
    created_at: row.createdAt.toISOString(),
  };
}

/** The organisation an environment belongs to (for the permission rule), or 0 when there is none. */
export async function organisationOfEnvironment(environmentId: number): Promise<number> {
  const environment = await db.environment.findUnique({
    where: { id: environmentId },
    select: { project: { select: { organisationId: true } } },
  });
  return environment?.project.organisationId ?? 0;
}

export async function importFeatures(userId: number, environmentId: number, request: Request) {
  const environment = await db.environment.findUniqueOrThrow({
    where: { id: environmentId },
    include: { project: true },
  });
  const upload = await readUpload(request);
  const row = await db.$transaction(
    async (tx) => {
      const counts = await applyFeatureFile(
        tx,
        {
          userId,
          environmentId,
          projectId: environment.projectId,
          context: {
            organisationId: environment.project.organisationId,
            preventFlagDefaults: environment.project.preventFlagDefaults,
          },
        },
        upload.strategy,
        upload.features,
      );
      const created = await tx.featureImport.create({
        data: { environmentId, strategy: upload.strategy, status: "SUCCESS", data: upload.text },
      });
      await recordAudit(tx, {
        type: "ENVIRONMENT",
        before: { feature_import: null },
        after: { feature_import: created.id, strategy: upload.strategy, ...counts },
        log: `Features imported into environment ${environment.name} (${upload.strategy}): ${counts.created} created, ${counts.overwritten} overwritten, ${counts.skipped} skipped`,
        object: { id: environment.id, uuid: environment.uuid },
        scope: { environmentId },
      });
      return created;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  return serializeImport(row);
}

export async function listFeatureImports(
  userId: number,
  projectId: number,
  request: Request,
  query: TPageQuery,
) {
  const environments = await db.environment.findMany({
    where: { projectId },
    select: { id: true, projectId: true, project: { select: { organisationId: true } } },
  });
  const allowed = await permittedEnvironmentIds(
    userId,
    environments.map((e) => ({ id: e.id, projectId: e.projectId, organisationId: e.project.organisationId })),
    "ADMIN",
  );
  const window = pageWindow(query, FIXED_PAGE_SIZE);
  const where = { environmentId: { in: [...allowed] } };
  const [count, rows] = await Promise.all([
    db.featureImport.count({ where }),
    db.featureImport.findMany({
      where,
      select: { id: true, environmentId: true, strategy: true, status: true, createdAt: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: window.skip,
      take: window.take,
    }),
  ]);
  return buildPage(request, window, count, rows.map(serializeImport));
}
