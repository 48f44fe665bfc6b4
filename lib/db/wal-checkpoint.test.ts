// The WAL checkpoint worker (issue 26): it copies the WAL back while the main connection, whose
// own automatic checkpoint is off, keeps writing, so the WAL file is reused instead of growing;
// and if the worker cannot run, the main connection's automatic checkpoint comes back.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { startStallRecorder, stallSummary } from "@/lib/diagnostics/stalls";
import { checkpointIntervalMs, startWalCheckpointer, walMaxBytes, type Checkpointer } from "./wal-checkpoint";

const dirs: string[] = [];
const open: { close(): unknown }[] = [];
let checkpointer: Checkpointer | null = null;

afterEach(async () => {
  await checkpointer?.stop();
  checkpointer = null;
  for (const db of open.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function walDatabase() {
  const dir = mkdtempSync(path.join(tmpdir(), "ensign-wal-"));
  dirs.push(dir);
  const file = path.join(dir, "test.db");
  const db = new Database(file);
  open.push(db);
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, blob BLOB)");
  return { db, file };
}

/** About 1 MB of new pages in one transaction. */
function writeMegabyte(db: Database.Database) {
  const insert = db.prepare("INSERT INTO t (blob) VALUES (?)");
  db.transaction(() => {
    for (let i = 0; i < 256; i++) insert.run(Buffer.alloc(4000, i));
  })();
}

const checkpointsSoFar = () => stallSummary()?.work["sqlite checkpoint (worker)"]?.count ?? 0;

describe("WAL checkpoint worker", () => {
  it("checkpoints off the main connection, so the WAL restarts instead of growing", async () => {
    startStallRecorder();
    const { db, file } = walDatabase();
    const settings: number[] = [];
    checkpointer = await startWalCheckpointer({
      file,
      intervalMs: 20,
      setAutocheckpoint: async (pages) => {
        settings.push(pages);
        db.pragma(`wal_autocheckpoint = ${pages}`);
      },
      holdWrites: (work) => work(),
    });
    expect(settings).toEqual([0]);
    expect(db.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
    const before = checkpointsSoFar();
    writeMegabyte(db);
    const walAfterOne = statSync(`${file}-wal`).size;
    for (let i = 0; i < 250 && checkpointsSoFar() === before; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(checkpointsSoFar()).toBeGreaterThan(before);
    writeMegabyte(db);
    // The second megabyte overwrote the first in the WAL, which was fully copied back.
    expect(statSync(`${file}-wal`).size).toBeLessThanOrEqual(walAfterOne);
    expect(db.prepare("SELECT count(*) FROM t").pluck().get()).toBe(512);
    await checkpointer?.stop();
    checkpointer = null;
    expect(settings).toEqual([0, 1000]);
  });

  it("gives checkpoints back to the main connection when the worker cannot open the file", async () => {
    const { db, file } = walDatabase();
    const settings: number[] = [];
    const restored = new Promise<void>((resolve) => {
      void startWalCheckpointer({
        file: `${file}.missing`,
        intervalMs: 20,
        holdWrites: (work) => work(),
        setAutocheckpoint: async (pages) => {
          settings.push(pages);
          db.pragma(`wal_autocheckpoint = ${pages}`);
          if (pages > 0) resolve();
        },
      });
    });
    const error = console.error;
    console.error = () => undefined;
    try {
      await restored;
    } finally {
      console.error = error;
    }
    expect(settings).toEqual([0, 1000]);
    expect(db.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
  });

  it("keeps the WAL near ENSIGN_SQLITE_WAL_MAX_MB under writes that never pause", async () => {
    startStallRecorder();
    const { db, file } = walDatabase();
    const maxBytes = 2 * 1024 * 1024;
    db.pragma(`journal_size_limit = ${maxBytes}`);
    // The writes wait while the worker's step holds them, as the server's wait for its lock.
    let held: Promise<void> | null = null;
    checkpointer = await startWalCheckpointer({
      file,
      intervalMs: 20,
      walMaxBytes: maxBytes,
      setAutocheckpoint: async (pages) => void db.pragma(`wal_autocheckpoint = ${pages}`),
      holdWrites: (work) => (held = work().finally(() => (held = null))),
    });
    const heldSteps = () => stallSummary()?.work["sqlite checkpoint (writes held)"]?.count ?? 0;
    const heldBefore = heldSteps();
    // A quarter of a megabyte per transaction, one after another with only a turn of the loop
    // between: a passive step never finds the WAL still, and without the held steps the WAL
    // grew by every byte written.
    const insert = db.prepare("INSERT INTO t (blob) VALUES (?)");
    const quarter = db.transaction(() => {
      for (let i = 0; i < 64; i++) insert.run(Buffer.alloc(4000, i));
    });
    let written = 0;
    let largest = 0;
    while (written < 480) {
      if (held) await held;
      quarter();
      written += 1;
      // Measured from the first held step on: the worker takes a moment to start (a server starts
      // it before it serves), and on a fast machine the first 40 MB are written before it is up.
      if (heldSteps() > heldBefore) largest = Math.max(largest, statSync(`${file}-wal`).size);
      await new Promise((resolve) => setImmediate(resolve));
    }
    // 120 MB written; the WAL stays within the bound and what one step's interval brings.
    expect(heldSteps()).toBeGreaterThan(heldBefore + 2);
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThan(32 * 1024 * 1024);
    expect(db.prepare("SELECT count(*) FROM t").pluck().get()).toBe(480 * 64);
  });

  it("reads its WAL bound from ENSIGN_SQLITE_WAL_MAX_MB", () => {
    expect(walMaxBytes({})).toBe(32 * 1024 * 1024);
    expect(walMaxBytes({ ENSIGN_SQLITE_WAL_MAX_MB: "8" })).toBe(8 * 1024 * 1024);
    expect(() => walMaxBytes({ ENSIGN_SQLITE_WAL_MAX_MB: "0" })).toThrow(/1 to 65536/);
    expect(() => walMaxBytes({ ENSIGN_SQLITE_WAL_MAX_MB: "big" })).toThrow(/1 to 65536/);
  });

  it("reads its interval from ENSIGN_SQLITE_CHECKPOINT_MS", () => {
    expect(checkpointIntervalMs({})).toBe(100);
    expect(checkpointIntervalMs({ ENSIGN_SQLITE_CHECKPOINT_MS: "0" })).toBe(0);
    expect(checkpointIntervalMs({ ENSIGN_SQLITE_CHECKPOINT_MS: "250" })).toBe(250);
    expect(() => checkpointIntervalMs({ ENSIGN_SQLITE_CHECKPOINT_MS: "-1" })).toThrow(/0 to 60000/);
    expect(() => checkpointIntervalMs({ ENSIGN_SQLITE_CHECKPOINT_MS: "soon" })).toThrow(/0 to 60000/);
  });
});
