// SQLite WAL checkpoints off the event loop. By default SQLite checkpoints when a commit
// leaves the WAL over 1,000 pages, on the committing connection: here that is Prisma's one
// connection on the event loop, and under identity load each such checkpoint (copying ~4 MB of
// pages back into the database file and syncing it) stopped the loop for tens of milliseconds.
// Instead the main connection's automatic checkpoint is turned off and a worker thread, on its
// own connection, runs PASSIVE checkpoints every ENSIGN_SQLITE_CHECKPOINT_MS: a passive
// checkpoint never blocks the writer or readers and never waits for them, so a step that finds
// the WAL in use copies what it can and the next one continues. Once a step has copied every
// frame, the writer's next transaction starts the WAL from its beginning again, so the file
// stays small. If the worker cannot run, the main connection's automatic checkpoint comes back.
// ENSIGN_SQLITE_CHECKPOINT_MS=0 keeps SQLite's own (for comparison).
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { recordOffLoopWork } from "@/lib/diagnostics/stalls";

export const DEFAULT_CHECKPOINT_MS = 100;
/** SQLite's default, restored if the worker stops. */
const AUTOCHECKPOINT_PAGES = 1000;

export function checkpointIntervalMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env.ENSIGN_SQLITE_CHECKPOINT_MS;
  if (raw === undefined || raw === "") return DEFAULT_CHECKPOINT_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 60_000)
    throw new Error(`ENSIGN_SQLITE_CHECKPOINT_MS must be an integer from 0 to 60000, not "${raw}"`);
  return value;
}

// Plain CommonJS, run by the worker: no bundler sees it.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { performance } = require("node:perf_hooks");
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true, timeout: 0 });
const step = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
setInterval(() => {
  const started = performance.now();
  let copied = 0;
  try {
    const row = step.get();
    copied = row.checkpointed;
  } catch (error) {
    // SQLITE_BUSY: another checkpoint is running; the next step continues.
    if (error.code !== "SQLITE_BUSY") throw error;
  }
  if (copied > 0) parentPort.postMessage({ ms: performance.now() - started, pages: copied });
}, workerData.intervalMs);
`;

export type Checkpointer = { stop: () => Promise<void> };

/**
 * Starts the checkpoint worker for the SQLite file `file`; `setAutocheckpoint` sets the main
 * connection's wal_autocheckpoint (pages; 0 = off).
 */
export async function startWalCheckpointer(options: {
  file: string;
  intervalMs: number;
  setAutocheckpoint: (pages: number) => Promise<void>;
}): Promise<Checkpointer | null> {
  const { file, intervalMs, setAutocheckpoint } = options;
  if (intervalMs === 0 || file === "" || file === ":memory:") return null;
  const module = createRequire(`${process.cwd()}/`).resolve("better-sqlite3");
  // Off before the worker starts, so that a worker failing at once turns it back on for good.
  await setAutocheckpoint(0);
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module, file, intervalMs } });
  worker.unref();
  let stopping = false;
  worker.on("message", (message: { ms: number; pages: number }) => {
    recordOffLoopWork("sqlite checkpoint (worker)", message.ms);
  });
  const fallBack = (reason: unknown) => {
    if (stopping) return;
    stopping = true;
    console.error("[ensign] WAL checkpoint worker stopped; SQLite checkpoints on its own again:", reason);
    setAutocheckpoint(AUTOCHECKPOINT_PAGES).catch((error: unknown) => console.error("[ensign]", error));
  };
  worker.on("error", fallBack);
  worker.on("exit", (code) => fallBack(`exit code ${code}`));
  return {
    async stop() {
      stopping = true;
      await worker.terminate();
      await setAutocheckpoint(AUTOCHECKPOINT_PAGES);
    },
  };
}
