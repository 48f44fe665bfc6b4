// The blast radius's worker thread (lib/impact/run.ts starts it): reads the stored identities
// through its own read-only connection and evaluates them, so that an impact run never holds
// the server's event loop (and with it the SDK requests) for more than the cost of posting the
// job and receiving the summary. One job at a time, in the order posted.
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { openIdentityReader, type IdentityReader } from "./identity-reader";
import { runImpactJob, type ImpactJob } from "./job";

export type WorkerRequest =
  { type: "run"; id: number; databaseUrl: string; job: ImpactJob } | { type: "close" };

export type WorkerReply =
  | { type: "ready" }
  | { type: "done"; id: number; result: Awaited<ReturnType<typeof runImpactJob>> }
  | { type: "failed"; id: number; message: string };

const port = parentPort!;

/**
 * On Linux a thread has its own nice value: this one lowers its own (ENSIGN_IMPACT_WORKER_NICE,
 * default 10, 0 to keep the server's) so that on a busy machine the CPU goes to the threads
 * serving requests first. Elsewhere, or if the system refuses, it runs at the server's priority.
 */
function lowerOwnPriority() {
  const nice = Number(process.env.ENSIGN_IMPACT_WORKER_NICE ?? 10);
  if (!Number.isInteger(nice) || nice <= 0) return;
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, Math.min(nice, 19));
  } catch {
    // not Linux, or not allowed: keep the priority
  }
}
lowerOwnPriority();
const readers = new Map<string, IdentityReader>();
let queue: Promise<void> = Promise.resolve();

function readerFor(url: string): IdentityReader {
  let reader = readers.get(url);
  if (!reader) {
    reader = openIdentityReader(url);
    readers.set(url, reader);
  }
  return reader;
}

async function run(request: Extract<WorkerRequest, { type: "run" }>): Promise<void> {
  try {
    const reader = readerFor(request.databaseUrl);
    const result = await runImpactJob(request.job, (afterId, take) =>
      reader.readBatch(request.job.environmentId, afterId, take),
    );
    port.postMessage({ type: "done", id: request.id, result } satisfies WorkerReply);
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    port.postMessage({ type: "failed", id: request.id, message } satisfies WorkerReply);
  }
}

async function close(): Promise<void> {
  for (const reader of readers.values()) await reader.close().catch(() => {});
  readers.clear();
  process.exit(0);
}

port.on("message", (request: WorkerRequest) => {
  queue = queue.then(() => (request.type === "run" ? run(request) : close()));
});
port.postMessage({ type: "ready" } satisfies WorkerReply);
