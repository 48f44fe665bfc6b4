// Imports a Flagsmith organisation dump with the live importer's writers (../import-*.ts), in
// one transaction: the file is read and checked whole first (./parse.ts), and a failure later
// leaves nothing behind. The source organisation's uuid names the import, so a second import
// of a newer dump of the same organisation updates what the first made (ImportMapping).
import { runAsActor } from "@/lib/audit/context";
import { recordAudit } from "@/lib/audit/record";
import { db, type Tx } from "@/lib/db/client";
import { importIdentity, importDefaultState, importSegmentOverride, applyPriorities } from "../import-states";
import {
  applySourceApprovals,
  importEnvironment,
  importFeature,
  importProject,
  importSegment,
  importTag,
  type Ctx,
} from "../import-structure";
import { writeServerKeys } from "../import-keys";
import { loadMappings } from "../mapping";
import { addSkip, emptyReport, type ImportReport } from "../report";
import { parseDump } from "./parse";
import type { DumpProject } from "./types";

export type DumpImportOutcome = { runId: number; source: string; report: ImportReport };

/** Long enough for a large dump on SQLite; the whole import is one transaction. */
const TRANSACTION_MS = 30 * 60_000;

async function importProjectTree(tx: Tx, ctx: Ctx, p: DumpProject) {
  const projectId = await importProject(tx, ctx, p.project);
  for (const tag of p.tags) await importTag(tx, ctx, projectId, tag);
  const tagIds = await loadMappings(tx, ctx.scope, "tag");
  for (const f of p.features) await importFeature(tx, ctx, projectId, f, tagIds);
  for (const s of p.segments) await importSegment(tx, ctx, projectId, s);
  for (const e of p.environments) {
    const environmentId = await importEnvironment(tx, ctx, projectId, e.environment);
    const target = {
      environmentId,
      options: await loadMappings(tx, ctx.scope, "option"),
      features: await loadMappings(tx, ctx.scope, "feature"),
    };
    for (const s of e.states) {
      if (!s.feature_segment) await importDefaultState(tx, ctx, target, s);
      else {
        const link = e.links.find((l) => l.id === s.feature_segment);
        if (link) await importSegmentOverride(tx, ctx, target, s, link);
      }
    }
    await applyPriorities(tx, ctx, e.links);
    for (const identity of e.identities) await importIdentity(tx, ctx, target, identity);
    await writeServerKeys(tx, ctx, e.environment, environmentId, e.keys);
    await applySourceApprovals(tx, environmentId, e.environment);
  }
}

export async function importDump(options: {
  organisationId: number;
  json: unknown;
  actorUserId?: number;
  now?: Date;
}): Promise<DumpImportOutcome> {
  const dump = parseDump(options.json, options.now ?? new Date());
  const source = `dump:${dump.organisation?.uuid ?? "unnamed"}`;
  const report = emptyReport();
  for (const [model, count] of Object.entries(dump.skippedModels)) {
    addSkip(report, "model", `${model} (${count})`, "not carried over by Ensign");
  }
  const ctx: Ctx = { scope: { organisationId: options.organisationId, source }, report };
  const actor = options.actorUserId ? { userId: options.actorUserId } : undefined;
  const runId = await runAsActor(actor, () =>
    db.$transaction(
      async (tx) => {
        for (const p of dump.projects) await importProjectTree(tx, ctx, p);
        const run = await tx.importRun.create({
          data: {
            organisationId: options.organisationId,
            source,
            kind: "IMPORT",
            status: "DONE",
            stepsDone: 1,
            stepsTotal: 1,
            done: "[]",
            report: JSON.stringify(report),
          },
        });
        await recordAudit(tx, {
          type: "ORGANISATION",
          log: `Flagsmith organisation dump imported: ${dump.organisation?.name ?? source}`,
          object: { id: options.organisationId },
          scope: { organisationId: options.organisationId },
          after: { importRun: run.id },
        });
        return run.id;
      },
      { timeout: TRANSACTION_MS, maxWait: 30_000 },
    ),
  );
  return { runId, source, report };
}
