// The import and verify endpoints: each checks the source at once (a wrong URL or key is a
// 400), then works in the background of this server process, saving its progress in its run
// row, which GET reads. A scheduled verification repeats in this process until replaced.
import { ValidationError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { requireOrganisationAdmin } from "@/lib/organisations/access";
import { openRun, prepareImport, executeImport, resolveSourceOrganisation, sourceName } from "./run-import";
import { createSourceClient, SourceError } from "./source-client";
import { sourceUrlRefusal } from "./source-network";
import { serializeRun } from "./serializers";
import type { TFlagsmithImportCreate, TFlagsmithVerifyCreate } from "./schemas";
import { verifyImport } from "./verify";

type Scope = { userId: number; organisationId: number };

const importing = new Set<number>();
const schedules = new Map<number, NodeJS.Timeout>();

function checkUrl(url: string) {
  const refusal = sourceUrlRefusal(url);
  if (refusal) throw ValidationError.field("url", refusal);
}

function sourceProblem(error: unknown): never {
  if (error instanceof SourceError) {
    throw ValidationError.field(
      error.status === 401 || error.status === 403 ? "api_key" : "url",
      error.message,
    );
  }
  throw error;
}

/** Where this server answers SDK calls, for the verifier's side of the comparison. */
export const selfUrl = () => process.env.ENSIGN_SELF_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8000}`;

export async function startFlagsmithImport(scope: Scope, body: TFlagsmithImportCreate) {
  await requireOrganisationAdmin(scope.userId, scope.organisationId);
  checkUrl(body.url);
  if (importing.has(scope.organisationId))
    throw ValidationError.nonField("An import into this organisation is running.");
  const options = {
    organisationId: scope.organisationId,
    baseUrl: body.url,
    apiKey: body.api_key,
    sourceOrganisationId: body.organisation,
    identities: body.identities,
    prune: body.prune,
    stopAfter: body.stop_after,
    actorUserId: scope.userId,
  };
  const prepared = await prepareImport(options).catch(sourceProblem);
  importing.add(scope.organisationId);
  void executeImport(prepared, options)
    .catch((error) =>
      console.error(
        `[ensign] import ${prepared.runId} failed: ${error instanceof Error ? error.message : error}`,
      ),
    )
    .finally(() => importing.delete(scope.organisationId));
  return serializeRun(await db.importRun.findUniqueOrThrow({ where: { id: prepared.runId } }));
}

async function verifyOnce(runId: number, options: Parameters<typeof verifyImport>[0]) {
  try {
    const result = await verifyImport(options);
    await db.importRun.update({
      where: { id: runId },
      data: { status: "DONE", report: JSON.stringify(result) },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.importRun.update({
      where: { id: runId },
      data: { status: "FAILED", error: message.slice(0, 2000) },
    });
  }
}

export async function startFlagsmithVerify(scope: Scope, body: TFlagsmithVerifyCreate) {
  await requireOrganisationAdmin(scope.userId, scope.organisationId);
  checkUrl(body.url);
  const client = createSourceClient({ baseUrl: body.url, apiKey: body.api_key });
  const sourceOrg = await resolveSourceOrganisation(client, body.organisation).catch(sourceProblem);
  const source = sourceName(client.baseUrl, sourceOrg);
  const options = {
    organisationId: scope.organisationId,
    baseUrl: body.url,
    apiKey: body.api_key,
    sourceOrganisationId: sourceOrg,
    targetUrl: selfUrl(),
    sample: body.sample,
  };
  const run = await openRun(scope.organisationId, source, "VERIFY");
  void verifyOnce(run.id, options);
  clearInterval(schedules.get(scope.organisationId));
  schedules.delete(scope.organisationId);
  if (body.interval_minutes) {
    const timer = setInterval(async () => {
      const next = await openRun(scope.organisationId, source, "VERIFY");
      await verifyOnce(next.id, options);
    }, body.interval_minutes * 60_000);
    timer.unref();
    schedules.set(scope.organisationId, timer);
  }
  return serializeRun(run);
}

export async function getFlagsmithImportStatus(scope: Scope) {
  await requireOrganisationAdmin(scope.userId, scope.organisationId);
  const latest = (kind: string) =>
    db.importRun.findFirst({
      where: { organisationId: scope.organisationId, kind },
      orderBy: { id: "desc" },
    });
  const [run, verify] = await Promise.all([latest("IMPORT"), latest("VERIFY")]);
  return { import: run ? serializeRun(run) : null, verify: verify ? serializeRun(verify) : null };
}
