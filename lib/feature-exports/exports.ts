// Flagsmith's feature exports: an environment's features written to a file (./build-file.ts),
// kept for download and listed per project. Flagsmith builds the file in a background task;
// Ensign builds it within the request, so a new export answers SUCCESS at once.
import type { z } from "zod";
import { ValidationError, NotFoundError } from "@/lib/api/errors";
import { buildPage, FIXED_PAGE_SIZE, pageWindow, type TPageQuery } from "@/lib/api/pagination";
import { db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record";
import { permittedEnvironmentIds } from "@/lib/permissions/resolve";
import { buildFeatureFile } from "./build-file";
import type { ZFeatureExport } from "./responses";
import type { TFeatureExportCreate } from "./schemas";

type ExportRow = { id: number; environmentId: number; status: string; createdAt: Date };

function two(n: number) {
  return String(n).padStart(2, "0");
}

/** Flagsmith's name of an export: `<environment> | YYYY-MM-DD HH:MM UTC`. */
export function exportName(environmentName: string, at: Date): string {
  const day = `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`;
  return `${environmentName} | ${day} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC`;
}

function serializeExport(row: ExportRow, environmentName: string): z.infer<typeof ZFeatureExport> {
  return {
    id: row.id,
    name: exportName(environmentName, row.createdAt),
    environment_id: row.environmentId,
    status: row.status as "SUCCESS",
    created_at: row.createdAt.toISOString(),
  };
}

export async function createFeatureExport(input: TFeatureExportCreate) {
  const environment = await db.environment.findUniqueOrThrow({ where: { id: input.environment_id } });
  const tagIds = input.tag_ids ?? [];
  const row = await db.$transaction(async (tx) => {
    const wanted = [...new Set(tagIds)];
    const own = wanted.length
      ? await tx.tag.count({ where: { id: { in: wanted }, projectId: environment.projectId } })
      : 0;
    if (own !== wanted.length)
      throw ValidationError.field("tag_ids", "Every tag must be a tag of the environment's project.");
    const file = await buildFeatureFile(tx, environment, tagIds);
    const created = await tx.featureExport.create({
      data: { environmentId: environment.id, status: "SUCCESS", data: JSON.stringify(file) },
    });
    await recordAudit(tx, {
      type: "ENVIRONMENT",
      after: { feature_export: created.id, features: file.length },
      before: { feature_export: null },
      log: `Features exported from environment ${environment.name}: ${file.length}`,
      object: { id: environment.id, uuid: environment.uuid },
      scope: { environmentId: environment.id },
    });
    return created;
  });
  return serializeExport(row, environment.name);
}

/** The environments of a project where the caller is an environment admin (Flagsmith's list filter). */
async function adminEnvironments(userId: number, projectId: number) {
  const environments = await db.environment.findMany({
    where: { projectId },
    select: { id: true, name: true, projectId: true, project: { select: { organisationId: true } } },
  });
  const allowed = await permittedEnvironmentIds(
    userId,
    environments.map((e) => ({ id: e.id, projectId: e.projectId, organisationId: e.project.organisationId })),
    "ADMIN",
  );
  return new Map(environments.filter((e) => allowed.has(e.id)).map((e) => [e.id, e.name]));
}

export async function listFeatureExports(
  userId: number,
  projectId: number,
  request: Request,
  query: TPageQuery,
) {
  const names = await adminEnvironments(userId, projectId);
  const window = pageWindow(query, FIXED_PAGE_SIZE);
  const where = { environmentId: { in: [...names.keys()] } };
  const [count, rows] = await Promise.all([
    db.featureExport.count({ where }),
    db.featureExport.findMany({
      where,
      select: { id: true, environmentId: true, status: true, createdAt: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: window.skip,
      take: window.take,
    }),
  ]);
  return buildPage(
    request,
    window,
    count,
    rows.map((row) => serializeExport(row, names.get(row.environmentId) ?? "")),
  );
}

/** The environment an export belongs to (for the permission rule), or 0 when there is none. */
export async function environmentOfExport(featureExportId: number): Promise<number> {
  const row = await db.featureExport.findUnique({
    where: { id: featureExportId },
    select: { environmentId: true },
  });
  return row?.environmentId ?? 0;
}

export async function downloadFeatureExport(featureExportId: number): Promise<Response> {
  const row = await db.featureExport.findUnique({ where: { id: featureExportId } });
  if (!row) throw new NotFoundError();
  if (row.status !== "SUCCESS" || row.data === null) {
    throw new ValidationError({ detail: `Unable to download export with status '${row.status}'.` });
  }
  return new Response(row.data, {
    status: 200,
    headers: {
      "Content-Type": "application/json",
      "Content-Disposition": `attachment; filename=feature_export.${row.id}.json`,
    },
  });
}
