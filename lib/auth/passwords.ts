// Password hashing with bcrypt (bcryptjs) on a small pool of worker threads: one hash costs
// tens of milliseconds of CPU, and on the event loop a burst of sign-ins delayed every other
// request (SDK calls included). Stored hashes keep their bcrypt format, so old ones verify.
import bcrypt from "bcryptjs";
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

/** bcrypt reads only the first 72 bytes of a password; new passwords may not be longer. */
export const MAX_PASSWORD_BYTES = 72;

const rounds = () => Number(process.env.ENSIGN_BCRYPT_ROUNDS ?? 10);

// The worker is evaluated from source so that it survives both bundlers (Next's route
// bundles and the server's esbuild bundle); `require` resolves bcryptjs from the working
// directory, the repository root the server runs in.
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const bcrypt = require("bcryptjs");
parentPort.on("message", ({ id, op, password, arg }) => {
  try {
    const result = op === "hash" ? bcrypt.hashSync(password, arg) : bcrypt.compareSync(password, arg);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});`;

type Job = { op: "hash" | "compare"; password: string; arg: string | number };
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; worker: Worker };
type PoolWorker = { worker: Worker; busy: number };
type Pool = {
  workers: PoolWorker[];
  pending: Map<number, Pending>;
  nextId: number;
  broken: boolean;
};

// On globalThis: Next's route bundles and the custom server each load their own copy.
const pool = ((globalThis as Record<symbol, Pool>)[Symbol.for("ensign.password-pool")] ??= {
  workers: [],
  pending: new Map(),
  nextId: 1,
  broken: false,
});

/** ENSIGN_PASSWORD_WORKERS, else one fewer than the CPUs (at least 1, at most 4). */
export function poolSize(): number {
  const configured = Number(process.env.ENSIGN_PASSWORD_WORKERS);
  if (Number.isInteger(configured) && configured >= 0) return configured;
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

function spawnWorker(): PoolWorker {
  const entry: PoolWorker = { worker: new Worker(WORKER_SOURCE, { eval: true }), busy: 0 };
  entry.worker.unref();
  entry.worker.on("message", ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
    entry.busy--;
    const job = pool.pending.get(id);
    pool.pending.delete(id);
    if (error !== undefined) job?.reject(new Error(error));
    else job?.resolve(result);
  });
  const fail = (error: Error) => {
    pool.workers = pool.workers.filter((w) => w !== entry);
    for (const [id, job] of pool.pending) {
      if (job.worker !== entry.worker) continue;
      pool.pending.delete(id);
      job.reject(error);
    }
  };
  // A worker that cannot start (bcryptjs not resolvable) turns the pool off for good; one
  // that exits later is replaced by the next job.
  entry.worker.on("error", (error) => {
    pool.broken = true;
    fail(error);
  });
  entry.worker.on("exit", () => fail(new Error("password worker exited")));
  pool.workers.push(entry);
  return entry;
}

function runInline(job: Job): Promise<unknown> {
  return job.op === "hash"
    ? bcrypt.hash(job.password, job.arg as number)
    : bcrypt.compare(job.password, job.arg as string);
}

async function run(job: Job): Promise<unknown> {
  if (pool.broken || poolSize() === 0) return runInline(job);
  const idle = pool.workers.reduce<PoolWorker | null>((a, w) => (!a || w.busy < a.busy ? w : a), null);
  const target = idle && (idle.busy === 0 || pool.workers.length >= poolSize()) ? idle : spawnWorker();
  const id = pool.nextId++;
  target.busy++;
  try {
    return await new Promise((resolve, reject) => {
      pool.pending.set(id, { resolve, reject, worker: target.worker });
      target.worker.postMessage({ id, ...job });
    });
  } catch (error) {
    if (pool.broken) return runInline(job);
    throw error;
  }
}

export async function hashPassword(password: string): Promise<string> {
  return (await run({ op: "hash", password, arg: rounds() })) as string;
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  return (await run({ op: "compare", password, arg: hash })) === true;
}

let dummyHash: Promise<string> | null = null;

/**
 * A real hash of a random password at the configured cost. Checking a password against it
 * for an unknown email costs what checking a real account costs, so the time of the answer
 * does not tell which emails have accounts.
 */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}

export const passwordBytes = (password: string) => Buffer.byteLength(password, "utf8");
