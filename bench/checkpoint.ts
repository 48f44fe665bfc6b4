// What SQLite's WAL checkpoints cost the event loop: identity-like write transactions (a
// group of identities, each with an identity row and five trait upserts on unique indexes) run
// back to back on one connection for a few seconds, once with SQLite's own automatic checkpoint
// (on the committing connection, as Ensign did before) and once with it off and the checkpoint
// worker of lib/db/wal-checkpoint.ts. The modes alternate, so that both see the same machine
// load. Prints, per mode, the transactions' p50/p99/max on the loop, how many took over 20 ms,
// the process's CPU per transaction (all threads), the WAL's largest size (ENSIGN_SQLITE_WAL_MAX_MB
// bounds it) and, for the worker, its checkpoints' times.
// Usage: npx tsx bench/checkpoint.ts [--seconds=5] [--rounds=2] [--group=20]
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { startWalCheckpointer, walMaxBytes } from "@/lib/db/wal-checkpoint";
import { startStallRecorder, stallSummary } from "@/lib/diagnostics/stalls";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const SECONDS = Number(args.seconds ?? 5);
const ROUNDS = Number(args.rounds ?? 2);
const GROUP = Number(args.group ?? 20);

type Mode = "sqlite autocheckpoint (on the loop)" | "checkpoint worker";

async function run(mode: Mode) {
  const dir = mkdtempSync(path.join(tmpdir(), "ensign-checkpoint-"));
  const file = path.join(dir, "bench.db");
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("cache_size = -8192");
  db.exec(`CREATE TABLE identity (id INTEGER PRIMARY KEY, identifier TEXT NOT NULL UNIQUE, created TEXT);
           CREATE TABLE trait (id INTEGER PRIMARY KEY, identity INTEGER NOT NULL, key TEXT NOT NULL,
             value TEXT NOT NULL, updated TEXT, UNIQUE (identity, key));`);
  db.pragma(`journal_size_limit = ${walMaxBytes()}`);
  // The groups wait while the checkpointer holds the writes, as the server's do behind its lock.
  let held: Promise<void> | null = null;
  const checkpointer =
    mode === "checkpoint worker"
      ? await startWalCheckpointer({
          file,
          intervalMs: 100,
          setAutocheckpoint: async (pages) => void db.pragma(`wal_autocheckpoint = ${pages}`),
          holdWrites: (work) => {
            const done = work().finally(() => (held = null));
            held = done;
            return done;
          },
        })
      : null;
  let walMax = 0;
  const find = db.prepare("SELECT id FROM identity WHERE identifier = ?").pluck();
  const insert = db.prepare("INSERT INTO identity (identifier, created) VALUES (?, ?) RETURNING id").pluck();
  const upsert = db.prepare(
    `INSERT INTO trait (identity, key, value, updated) VALUES (?, ?, ?, ?)
     ON CONFLICT (identity, key) DO UPDATE SET value = excluded.value, updated = excluded.updated`,
  );
  const group = db.transaction((identifiers: string[]) => {
    const now = new Date().toISOString();
    for (const identifier of identifiers) {
      const id = (find.get(identifier) as number | undefined) ?? (insert.get(identifier, now) as number);
      for (let t = 0; t < 5; t++) upsert.run(id, `trait_${t}`, String(Math.random()), now);
    }
  });
  const work = (label: string) => stallSummary()?.work[label] ?? { count: 0, ms: 0, max_ms: 0 };
  const worker = () => work("sqlite checkpoint (worker)");
  const heldSteps = () => work("sqlite checkpoint (writes held)").count;
  const workerBefore = worker();
  const heldBefore = heldSteps();
  const durations: number[] = [];
  const cpuBefore = process.cpuUsage();
  const end = performance.now() + SECONDS * 1000;
  let n = 0;
  while (performance.now() < end) {
    const identifiers = Array.from({ length: GROUP }, () => `user-${Math.floor(Math.random() * 200_000)}`);
    const started = performance.now();
    if (held) await held;
    group(identifiers);
    durations.push(performance.now() - started);
    walMax = Math.max(walMax, statSync(`${file}-wal`).size);
    n += 1;
    // Let the loop turn between groups, as the server's does.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const cpu = process.cpuUsage(cpuBefore);
  const workerAfter = worker();
  const heldCount = heldSteps() - heldBefore;
  await checkpointer?.stop();
  db.close();
  rmSync(dir, { recursive: true, force: true });
  durations.sort((a, b) => a - b);
  const at = (p: number) => durations[Math.min(durations.length - 1, Math.ceil(p * durations.length) - 1)];
  const r = (x: number) => Math.round(x * 100) / 100;
  return {
    mode,
    transactions: n,
    p50: r(at(0.5)),
    p99: r(at(0.99)),
    max: r(durations[durations.length - 1]),
    over20: durations.filter((d) => d > 20).length,
    walMaxMb: Math.round(walMax / 1024 / 102.4) / 10,
    cpuUsPerTransaction: Math.round((cpu.user + cpu.system) / n),
    checkpoints:
      mode === "checkpoint worker"
        ? `; worker: ${workerAfter.count - workerBefore.count} checkpoints, ${Math.round(workerAfter.ms - workerBefore.ms)} ms in all, longest ${workerAfter.max_ms} ms (off the loop), ${heldCount} with the writes held`
        : "",
  };
}

async function main() {
  startStallRecorder(); // collects the worker's checkpoint times
  const modes: Mode[] = ["sqlite autocheckpoint (on the loop)", "checkpoint worker"];
  console.log(
    `load average ${(await import("node:os"))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}; ${SECONDS} s per run, groups of ${GROUP} identities × 5 traits`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    for (const mode of modes) {
      const r = await run(mode);
      console.log(
        `round ${round}  ${r.mode.padEnd(36)} ${String(r.transactions).padStart(6)} transactions  p50 ${r.p50}  p99 ${r.p99}  max ${r.max} ms  over 20 ms: ${r.over20}  WAL up to ${r.walMaxMb} MB  process CPU ${r.cpuUsPerTransaction} µs/transaction${r.checkpoints}`,
      );
    }
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
