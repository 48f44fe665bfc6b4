// One import run: plans the steps (per project: project, tags, features, segments; per
// environment: environment, states, identities, keys), skips those its checkpoint says are
// done, runs the rest in order, and saves the checkpoint and report after each step.
import { runAsActor } from "@/lib/audit/context";
import { recordAudit } from "@/lib/audit/record";
import { db, type Tx } from "@/lib/db/client";
import { importIdentities } from "./import-identities";
import { importServerKeys } from "./import-keys";
import { applyPriorities, importDefaultState, importSegmentOverride, type EnvTarget } from "./import-states";
import {
  applySourceApprovals,
  importEnvironment,
  importFeature,
  importProject,
  importSegment,
  importTag,
  type Ctx,
} from "./import-structure";
import { findMapping, loadMappings } from "./mapping";
import { reportAndPruneGone } from "./prune";
import { parseReport, type ImportReport } from "./report";
import { createSourceClient, SourceError, type SourceClient } from "./source-client";
import { listSourceIds } from "./source-ids";
import type {
  SEnvironment,
  SFeature,
  SFeatureSegment,
  SFeatureState,
  SOrganisation,
  SProject,
  SSegment,
  STag,
} from "./source-types";

export type ImportOptions = {
  organisationId: number;
  baseUrl: string;
  apiKey: string;
  sourceOrganisationId?: number;
  /** Which identity API to read: edge for Edge projects, core otherwise (auto: as the project says). */
  identities?: "auto" | "core" | "edge";
  /**
   * Delete what an earlier run of this source made and the source no longer has (./prune.ts);
   * without it, a run only reports them.
   */
  prune?: boolean;
  /** Stop (as if interrupted) after this many steps: for trying a resume. */
  stopAfter?: number;
  actorUserId?: number;
  guard?: boolean;
  onProgress?: (progress: { stepsDone: number; stepsTotal: number; step: string }) => void;
};

export type ImportOutcome = { runId: number; status: string; report: ImportReport; source: string };

type Step = { key: string; run: () => Promise<void> };

export async function resolveSourceOrganisation(client: SourceClient, wanted?: number): Promise<number> {
  const orgs = await client.list<SOrganisation>("/api/v1/organisations/");
  if (wanted !== undefined) {
    if (!orgs.some((o) => o.id === wanted))
      throw new SourceError(`The key cannot see organisation ${wanted} at the source`);
    return wanted;
  }
  if (orgs.length !== 1) {
    throw new SourceError(
      `The key sees ${orgs.length} organisations at the source: name one (${orgs.map((o) => o.id).join(", ")})`,
    );
  }
  return orgs[0].id;
}

export const sourceName = (baseUrl: string, organisation: number) =>
  `${baseUrl.replace(/\/+$/, "")}#${organisation}`;

/** The run to resume for this source (its latest unfinished one), or a new run. */
export async function openRun(organisationId: number, source: string, kind = "IMPORT") {
  const open = await db.importRun.findFirst({
    where: { organisationId, source, kind, status: { not: "DONE" } },
    orderBy: { id: "desc" },
  });
  if (open && kind === "IMPORT")
    return db.importRun.update({ where: { id: open.id }, data: { status: "RUNNING", error: null } });
  return db.importRun.create({ data: { organisationId, source, kind } });
}

const readsEdge = (options: ImportOptions, p: SProject) =>
  options.identities === "edge" || (options.identities !== "core" && p.use_edge_identities === true);

/** The last step: what the source no longer has, reported, and deleted with `prune`. */
function goneStep(client: SourceClient, ctx: Ctx, sourceOrg: number, options: ImportOptions): Step {
  return {
    key: "gone",
    run: async () => {
      const ids = await listSourceIds(client, sourceOrg, (p) => readsEdge(options, p));
      await db.$transaction((t) => reportAndPruneGone(t, ctx, ids, options.prune === true), {
        timeout: 300_000,
      });
    },
  };
}

function planProject(
  client: SourceClient,
  ctx: Ctx,
  p: SProject,
  envs: SEnvironment[],
  options: ImportOptions,
): Step[] {
  const projectId = async () => (await findMapping(db, ctx.scope, "project", p.id))!;
  const tx = <T>(fn: (t: Tx) => Promise<T>) => db.$transaction(fn, { timeout: 120_000 });
  const steps: Step[] = [
    { key: `project:${p.id}`, run: async () => void (await tx((t) => importProject(t, ctx, p))) },
    {
      key: `tags:${p.id}`,
      run: async () => {
        const tags = await client.list<STag>(`/api/v1/projects/${p.id}/tags/`);
        const target = await projectId();
        await tx(async (t) => {
          for (const tag of tags) await importTag(t, ctx, target, tag);
        });
      },
    },
    {
      key: `features:${p.id}`,
      run: async () => {
        const features = await client.list<SFeature>(`/api/v1/projects/${p.id}/features/`);
        const target = await projectId();
        const tags = await loadMappings(db, ctx.scope, "tag");
        await tx(async (t) => {
          for (const f of features) await importFeature(t, ctx, target, f, tags);
        });
      },
    },
    {
      key: `segments:${p.id}`,
      run: async () => {
        const segments = await client.list<SSegment>(`/api/v1/projects/${p.id}/segments/`);
        const target = await projectId();
        await tx(async (t) => {
          for (const s of segments) await importSegment(t, ctx, target, s);
        });
      },
    },
  ];
  for (const e of envs) {
    const envTarget = async (): Promise<EnvTarget> => ({
      environmentId: (await findMapping(db, ctx.scope, "environment", e.id))!,
      options: await loadMappings(db, ctx.scope, "option"),
      features: await loadMappings(db, ctx.scope, "feature"),
    });
    steps.push(
      {
        key: `environment:${e.id}`,
        run: async () => void (await tx(async (t) => importEnvironment(t, ctx, await projectId(), e))),
      },
      {
        key: `states:${e.id}`,
        run: async () => {
          const states = await client.list<SFeatureState>(
            `/api/v1/features/featurestates/?environment=${e.id}`,
          );
          const withSegments = [...new Set(states.filter((s) => s.feature_segment).map((s) => s.feature))];
          const links: SFeatureSegment[] = [];
          for (const feature of withSegments) {
            links.push(
              ...(await client.list<SFeatureSegment>(
                `/api/v1/features/feature-segments/?environment=${e.id}&feature=${feature}`,
              )),
            );
          }
          const target = await envTarget();
          await tx(async (t) => {
            for (const s of states) {
              if (s.identity) continue;
              if (!s.feature_segment) await importDefaultState(t, ctx, target, s);
              else {
                const link = links.find((l) => l.id === s.feature_segment);
                if (link) await importSegmentOverride(t, ctx, target, s, link);
              }
            }
            await applyPriorities(t, ctx, links);
          });
        },
      },
      {
        key: `identities:${e.id}`,
        run: async () => {
          await importIdentities(client, ctx, e, await envTarget(), readsEdge(options, p));
        },
      },
      {
        key: `keys:${e.id}`,
        run: async () => {
          const environmentId = (await envTarget()).environmentId;
          await importServerKeys(client, ctx, e, environmentId);
          await db.$transaction((t) => applySourceApprovals(t, environmentId, e));
        },
      },
    );
  }
  return steps;
}

/** Checks the source answers for the key, and opens (or reopens) the run. */
export async function prepareImport(options: ImportOptions) {
  const client = createSourceClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    guard: options.guard,
  });
  const sourceOrg = await resolveSourceOrganisation(client, options.sourceOrganisationId);
  const source = sourceName(client.baseUrl, sourceOrg);
  const run = await openRun(options.organisationId, source);
  return { client, sourceOrg, source, runId: run.id };
}

export type PreparedImport = Awaited<ReturnType<typeof prepareImport>>;

export function executeImport(prepared: PreparedImport, options: ImportOptions): Promise<ImportOutcome> {
  return runAsActor(options.actorUserId ? { userId: options.actorUserId } : undefined, () =>
    continueRun(prepared.client, options, prepared.runId, prepared.source, prepared.sourceOrg),
  );
}

export async function runImport(options: ImportOptions): Promise<ImportOutcome> {
  return executeImport(await prepareImport(options), options);
}

async function continueRun(
  client: SourceClient,
  options: ImportOptions,
  runId: number,
  source: string,
  sourceOrg: number,
) {
  const run = await db.importRun.findUniqueOrThrow({ where: { id: runId } });
  const report = parseReport(run.report);
  const done = new Set<string>(JSON.parse(run.done) as string[]);
  const ctx: Ctx = { scope: { organisationId: options.organisationId, source }, report };
  try {
    const projects = await client.list<SProject>(`/api/v1/projects/?organisation=${sourceOrg}`);
    const steps: Step[] = [];
    for (const p of projects) {
      const envs = await client.list<SEnvironment>(`/api/v1/environments/?project=${p.id}`);
      steps.push(...planProject(client, ctx, p, envs, options));
    }
    steps.push(goneStep(client, ctx, sourceOrg, options));
    if (!done.size) await auditRun(options.organisationId, runId, `Import from Flagsmith started: ${source}`);
    let ranNow = 0;
    for (const step of steps) {
      if (done.has(step.key)) continue;
      if (options.stopAfter !== undefined && ranNow >= options.stopAfter) {
        await save(runId, done, steps.length, report, "INTERRUPTED");
        return { runId, status: "INTERRUPTED", report, source };
      }
      await step.run();
      ranNow++;
      done.add(step.key);
      await save(runId, done, steps.length, report, "RUNNING");
      options.onProgress?.({ stepsDone: done.size, stepsTotal: steps.length, step: step.key });
    }
    await save(runId, done, steps.length, report, "DONE");
    await auditRun(options.organisationId, runId, `Import from Flagsmith completed: ${source}`);
    return { runId, status: "DONE", report, source };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.importRun.update({
      where: { id: runId },
      data: { status: "FAILED", error: message.slice(0, 2000), report: JSON.stringify(report) },
    });
    throw error;
  }
}

async function save(runId: number, done: Set<string>, total: number, report: ImportReport, status: string) {
  await db.importRun.update({
    where: { id: runId },
    data: {
      done: JSON.stringify([...done]),
      stepsDone: done.size,
      stepsTotal: total,
      report: JSON.stringify(report),
      status,
    },
  });
}

async function auditRun(organisationId: number, runId: number, log: string) {
  await db.$transaction((tx) =>
    recordAudit(tx, {
      type: "ORGANISATION",
      log,
      object: { id: organisationId },
      scope: { organisationId },
      after: { importRun: runId },
    }),
  );
}
