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
//
// Under a steady stream of writes a passive step never finds the WAL still: the server commits
// while it copies, so no step copies every frame, the WAL never starts again, and the file grows
// for as long as the writes go on (~1 MB a second at 1,000 identity calls a second). So once the
// WAL passes ENSIGN_SQLITE_WAL_MAX_MB the server holds its write lock (calls queue; the event
// loop runs on) while the worker runs one more step, which then copies every frame; the next
// write starts the WAL from the beginning, and SQLite cuts the file back to that size
// (journal_size_limit). A held step after which the WAL did not start again (another process's
// writes, a reader on an old snapshot) makes the next wait a second.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { recordOffLoopWork } from "@/lib/diagnostics/stalls";

export const DEFAULT_CHECKPOINT_MS = 100;
export const DEFAULT_WAL_MAX_MB = 32;
/** The least time between two steps taken with the server's writes held. */
const HELD_STEP_GAP_MS = 1_000;
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

/** The WAL size past which the server's writes are held for a step (ENSIGN_SQLITE_WAL_MAX_MB). */
export function walMaxBytes(env: Record<string, string | undefined> = process.env): number {
  const raw = env.ENSIGN_SQLITE_WAL_MAX_MB;
  if (raw === undefined || raw === "") return DEFAULT_WAL_MAX_MB * 1024 * 1024;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65_536)
    throw new Error(`ENSIGN_SQLITE_WAL_MAX_MB must be an integer from 1 to 65536, not "${raw}"`);
  return value * 1024 * 1024;
}

// Plain CommonJS, run by the worker: no bundler sees it. Every step reports the WAL's size; a
// step the server asks for (its writes held) answers with its number.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { performance } = require("node:perf_hooks");
const { closeSync, openSync, readSync } = require("node:fs");
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true, timeout: 0 });
const pageSize = db.pragma("page_size", { simple: true });
const step = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
function run(held) {
  const started = performance.now();
  let copied = 0;
  let frames = 0;
  try {
    const row = step.get();
    copied = row.checkpointed;
    frames = row.log;
  } catch (error) {
    // SQLITE_BUSY: another checkpoint is running; the next step continues.
    if (error.code !== "SQLITE_BUSY") throw error;
  }
  const ms = performance.now() - started;
  parentPort.postMessage({ ms, pages: copied, walBytes: frames * pageSize, restarts: restarts(), held });
}
// The WAL header's checkpoint sequence number (bytes 12-15), which SQLite raises each time the
// WAL starts again from its beginning.
const header = Buffer.alloc(4);
function restarts() {
  let fd;
  try {
    fd = openSync(workerData.file + "-wal", "r");
    return readSync(fd, header, 0, 4, 12) === 4 ? header.readUInt32BE(0) : -1;
  } catch {
    return -1;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
setInterval(() => run(null), workerData.intervalMs);
parentPort.on("message", (request) => run(request.held));
`;

type StepReport = { ms: number; pages: number; walBytes: number; restarts: number; held: number | null };

export type Checkpointer = { stop: () => Promise<void> };

/**
 * Starts the checkpoint worker for the SQLite file `file`; `setAutocheckpoint` sets the main
 * connection's wal_autocheckpoint (pages; 0 = off). `holdWrites` runs its argument while no
 * write on the server's connection can commit (its write lock held), for the step that lets a
 * WAL past `walMaxBytes` start again.
 */
export async function startWalCheckpointer(options: {
  file: string;
  intervalMs: number;
  setAutocheckpoint: (pages: number) => Promise<void>;
  holdWrites: (work: () => Promise<void>) => Promise<void>;
  walMaxBytes?: number;
}): Promise<Checkpointer | null> {
  const { file, intervalMs, setAutocheckpoint, holdWrites } = options;
  const maxBytes = options.walMaxBytes ?? walMaxBytes();
  if (intervalMs === 0 || file === "" || file === ":memory:") return null;
  const module = createRequire(`${process.cwd()}/`).resolve("better-sqlite3");
  // Off before the worker starts, so that a worker failing at once turns it back on for good.
  await setAutocheckpoint(0);
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module, file, intervalMs } });
  worker.unref();
  let stopping = false;
  // The step taken with the writes held: its number, and what answers it.
  let heldSteps = 0;
  let heldStep: { id: number; done: () => void } | null = null;
  // After a held step that did not let the WAL start again (another process writing, a reader
  // holding an old snapshot), the next waits HELD_STEP_GAP_MS.
  let heldUntil = 0;
  let atHeldStep: StepReport | null = null;
  const stepWithWritesHeld = () => {
    const id = ++heldSteps;
    holdWrites(
      () =>
        new Promise<void>((resolve) => {
          if (stopping) return resolve();
          heldStep = { id, done: resolve };
          worker.postMessage({ held: id });
        }),
    ).catch((error: unknown) => console.error("[ensign] WAL checkpoint with writes held:", error));
  };
  worker.on("message", (message: StepReport) => {
    if (message.pages > 0) recordOffLoopWork("sqlite checkpoint (worker)", message.ms);
    if (message.held !== null) {
      if (heldStep?.id === message.held) {
        recordOffLoopWork("sqlite checkpoint (writes held)", message.ms);
        atHeldStep = message;
        heldStep.done();
        heldStep = null;
      }
      return;
    }
    // Judged at the first step that finds the WAL changed since the held one (none written yet).
    if (atHeldStep !== null && message.walBytes !== atHeldStep.walBytes) {
      if (message.restarts === atHeldStep.restarts) heldUntil = performance.now() + HELD_STEP_GAP_MS;
      atHeldStep = null;
    }
    const due = heldStep === null && atHeldStep === null && performance.now() >= heldUntil;
    if (message.walBytes > maxBytes && due && !stopping) stepWithWritesHeld();
  });
  const fallBack = (reason: unknown) => {
    if (stopping) return;
    stopping = true;
    heldStep?.done();
    heldStep = null;
    console.error("[ensign] WAL checkpoint worker stopped; SQLite checkpoints on its own again:", reason);
    setAutocheckpoint(AUTOCHECKPOINT_PAGES).catch((error: unknown) => console.error("[ensign]", error));
  };
  worker.on("error", fallBack);
  worker.on("exit", (code) => fallBack(`exit code ${code}`));
  return {
    async stop() {
      stopping = true;
      heldStep?.done();
      heldStep = null;
      await worker.terminate();
      await setAutocheckpoint(AUTOCHECKPOINT_PAGES);
    },
  };
}
