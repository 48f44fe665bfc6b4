// Where a blast-radius job runs: on one worker thread shared by the process (lib/impact/worker.ts),
// so that evaluating thousands of identities never blocks the SDK requests the same event loop
// serves. The production server runs the worker's bundle, dist/impact-worker.mjs (written by
// `npm run build:server`); `npm run dev`, vitest and tsx scripts run its TypeScript source
// through tsx. ENSIGN_IMPACT_WORKER=0, or a worker that cannot start, runs the job on the event
// loop instead, reading through Prisma and yielding between batches (as before the worker).
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { databaseUrl } from "@/lib/db/client";
import { readIdentityBatch } from "@/lib/segments/usage";
import { runImpactJob, type ImpactJob, type ImpactSummary } from "./job";
import type { WorkerReply, WorkerRequest } from "./worker";

/** The worker's heap, beside the server's own (ENSIGN_HEAP_MB). */
const WORKER_HEAP_MB = 128;
/** A worker left without jobs this long closes its connection and exits; the next job starts another. */
const IDLE_MS = 30_000;

// The worker is started from source so that neither bundler (Next's route bundles, the server's
// esbuild bundle) has to understand it; the entry is loaded by path from the working directory,
// the repository root the server runs in.
const BOOT = `
const { workerData } = require("node:worker_threads");
const loaded = workerData.tsx
  ? import("tsx/esm/api").then((tsx) => tsx.tsImport(workerData.entry, workerData.parent))
  : import(workerData.entry);
loaded.catch((error) => setImmediate(() => { throw error; }));
`;

type Pending = { job: ImpactJob; resolve: (summary: ImpactSummary) => void; reject: (error: Error) => void };
type State = {
  worker: Worker | null;
  ready: boolean;
  pending: Map<number, Pending>;
  nextId: number;
  idle: NodeJS.Timeout | null;
  /** Why the worker cannot run here (logged once); jobs then run inline. */
  broken: string | null;
};

// On globalThis: each of Next's route bundles loads its own copy of this module.
const state = ((globalThis as Record<symbol, State>)[Symbol.for("ensign.impact-worker")] ??= {
  worker: null,
  ready: false,
  pending: new Map(),
  nextId: 1,
  idle: null,
  broken: null,
});

export function workerMode(): "worker" | "inline" {
  return process.env.ENSIGN_IMPACT_WORKER === "0" || state.broken !== null ? "inline" : "worker";
}

function workerEntry(): { entry: string; tsx: boolean } | null {
  const root = process.cwd();
  if (process.env.NODE_ENV === "production") {
    const bundle = path.join(root, "dist", "impact-worker.mjs");
    return existsSync(bundle) ? { entry: pathToFileURL(bundle).href, tsx: false } : null;
  }
  const source = path.join(root, "lib", "impact", "worker.ts");
  return existsSync(source) ? { entry: source, tsx: true } : null;
}

function markBroken(reason: string) {
  if (state.broken === null) console.warn(`[ensign] impact worker unavailable, evaluating inline: ${reason}`);
  state.broken = reason;
}

function runInline(job: ImpactJob): Promise<ImpactSummary> {
  return runImpactJob(job, readIdentityBatch(job.environmentId));
}

function settle(id: number): Pending | undefined {
  const pending = state.pending.get(id);
  state.pending.delete(id);
  if (state.pending.size === 0 && state.worker) {
    state.worker.unref();
    const worker = state.worker;
    state.idle = setTimeout(() => {
      if (state.worker !== worker || state.pending.size > 0) return;
      state.worker = null;
      worker.postMessage({ type: "close" } satisfies WorkerRequest);
    }, IDLE_MS);
    state.idle.unref();
  }
  return pending;
}

function startWorker(): Worker | null {
  const entry = workerEntry();
  if (!entry) {
    markBroken("its entry file is missing (run `npm run build:server`)");
    return null;
  }
  const worker = new Worker(BOOT, {
    eval: true,
    workerData: { ...entry, parent: pathToFileURL(path.join(process.cwd(), "/")).href },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  state.worker = worker;
  state.ready = false;
  worker.on("message", (reply: WorkerReply) => {
    if (reply.type === "ready") {
      state.ready = true;
      return;
    }
    const pending = settle(reply.id);
    if (reply.type === "done") pending?.resolve(reply.result);
    else pending?.reject(new Error(`impact worker: ${reply.message}`));
  });
  const fail = (error: Error) => {
    if (state.worker !== worker) return;
    const started = state.ready;
    state.worker = null;
    // A worker that never started (its entry cannot load here) turns the worker off for good
    // and its jobs run inline; one that dies later (out of memory) fails its jobs.
    if (!started) markBroken(error.message);
    for (const [id, pending] of [...state.pending]) {
      state.pending.delete(id);
      if (!started) runInline(pending.job).then(pending.resolve, pending.reject);
      else pending.reject(error);
    }
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`impact worker exited (code ${code})`)));
  return worker;
}

/** Runs one blast-radius job, on the worker unless it is turned off or cannot start. */
export function runImpact(job: ImpactJob): Promise<ImpactSummary> {
  if (workerMode() === "inline") return runInline(job);
  const worker = state.worker ?? startWorker();
  if (!worker) return runInline(job);
  if (state.idle) clearTimeout(state.idle);
  state.idle = null;
  worker.ref();
  const id = state.nextId++;
  return new Promise((resolve, reject) => {
    state.pending.set(id, { job, resolve, reject });
    worker.postMessage({ type: "run", id, databaseUrl: databaseUrl(), job } satisfies WorkerRequest);
  });
}
