// The hot path's access to Prisma's SQLite connection: it commits, rolls back on error, queues
// behind a transaction Prisma holds open on the same connection, and waits for a running WAL
// checkpoint. Real better-sqlite3 files, opened through Prisma's own adapter factory.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter } from "@prisma/driver-adapter-utils";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectionOf, type SqliteConnection } from "./sqlite-connection";

let dir: string;
let file: string;
let adapter: SqlDriverAdapter;
let connection: SqliteConnection;

const count = () => {
  const reader = new Database(file, { readonly: true });
  try {
    return reader.prepare("SELECT count(*) FROM item").pluck().get() as number;
  } finally {
    reader.close();
  }
};

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "ensign-conn-"));
  file = path.join(dir, "test.db");
  const setup = new Database(file);
  setup.pragma("journal_mode = WAL");
  setup.exec("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)");
  setup.close();
  const wrapped = connectionOf(new PrismaBetterSqlite3({ url: file }));
  connection = wrapped.connection;
  expect(connection.open).toBe(false);
  adapter = await wrapped.factory.connect();
});

afterEach(async () => {
  await adapter.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const sql = (text: string) => ({ sql: text, args: [], argTypes: [] });

const insert = (name: string) => (db: Database.Database) =>
  db.prepare("INSERT INTO item (name) VALUES (?)").run(name).changes;

describe("SqliteConnection.exclusive", () => {
  it("refuses to run before Prisma has opened the connection", async () => {
    const { connection: unopened } = connectionOf(new PrismaBetterSqlite3({ url: file }));
    await expect(unopened.exclusive(insert("a"))).rejects.toThrow(/not open/);
  });

  it("commits the work and answers its result", async () => {
    expect(connection.open).toBe(true);
    expect(await connection.exclusive(insert("a"))).toBe(1);
    expect(count()).toBe(1);
  });

  it("rolls back everything the work wrote when it throws, and rethrows", async () => {
    await expect(
      connection.exclusive((db) => {
        insert("a")(db);
        insert("a")(db); // unique violation
      }),
    ).rejects.toThrow(/UNIQUE/);
    expect(count()).toBe(0);
    // The lock was released: the next call runs.
    expect(await connection.exclusive(insert("b"))).toBe(1);
    expect(count()).toBe(1);
  });

  it("waits while Prisma holds a transaction open on the same connection", async () => {
    const held = await adapter.startTransaction();
    await held.executeRaw({ sql: "INSERT INTO item (name) VALUES ('held')", args: [], argTypes: [] });
    let ran = false;
    const waiting = connection.exclusive((db) => {
      ran = true;
      return insert("after")(db);
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(ran).toBe(false);
    await held.executeRaw({ sql: "COMMIT", args: [], argTypes: [] });
    await held.commit();
    expect(await waiting).toBe(1);
    expect(count()).toBe(2);
  });

  it("runs the work before it returns when nothing else holds the connection", async () => {
    let ran = false;
    const done = connection.exclusive((db) => {
      ran = true;
      return insert("now")(db);
    });
    expect(ran).toBe(true);
    expect(await done).toBe(1);
  });

  it("takes turns with Prisma's transactions in the order asked", async () => {
    const order: string[] = [];
    const first = await adapter.startTransaction();
    const work = connection.exclusive((db) => (order.push("exclusive"), insert("exclusive")(db)));
    const second = adapter.startTransaction().then((t) => (order.push("second"), t));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    await first.executeRaw(sql("COMMIT"));
    await first.commit();
    await work;
    const next = await second;
    expect(order).toEqual(["exclusive", "second"]);
    await next.executeRaw(sql("ROLLBACK"));
    await next.rollback();
    expect(await connection.exclusive(insert("after"))).toBe(1);
    expect(count()).toBe(2);
  });
});

describe("SqliteConnection.holdWrites", () => {
  it("keeps writes and Prisma's transactions waiting until its work is done, then lets them run", async () => {
    let finish!: () => void;
    const holding = connection.holdWrites(() => new Promise<void>((resolve) => (finish = resolve)));
    await new Promise((r) => setTimeout(r, 0));
    let ran = false;
    const write = connection.exclusive((db) => ((ran = true), insert("held back")(db)));
    let started = false;
    const transaction = adapter.startTransaction().then((t) => ((started = true), t));
    await new Promise((r) => setTimeout(r, 30));
    expect(ran).toBe(false);
    expect(started).toBe(false);
    finish();
    await holding;
    expect(await write).toBe(1);
    const opened = await transaction;
    await opened.executeRaw(sql("ROLLBACK"));
    await opened.rollback();
    expect(count()).toBe(1);
  });
});

describe("Prisma's transactions on SQLite", () => {
  it("hold the write lock from the start: one that has read can still write while another connection tries to", async () => {
    // Another instance's connection to the same file, waiting at most 50 ms for the lock.
    const other = await connectionOf(new PrismaBetterSqlite3({ url: file, timeout: 50 })).factory.connect();
    try {
      const transaction = await adapter.startTransaction();
      await transaction.queryRaw(sql("SELECT count(*) FROM item"));
      // With a deferred BEGIN the other connection would write here, and this transaction's
      // write below would fail at once (SQLITE_BUSY: its snapshot is stale).
      await expect(other.executeRaw(sql("INSERT INTO item (name) VALUES ('other')"))).rejects.toThrow();
      await transaction.executeRaw(sql("INSERT INTO item (name) VALUES ('mine')"));
      await transaction.executeRaw(sql("COMMIT"));
      await transaction.commit();
      expect(await other.executeRaw(sql("INSERT INTO item (name) VALUES ('other')"))).toBe(1);
      const reader = new Database(file, { readonly: true });
      expect(reader.prepare("SELECT name FROM item ORDER BY id").pluck().all()).toEqual(["mine", "other"]);
      reader.close();
    } finally {
      await other.dispose();
    }
  });

  it("release the adapter's lock when the write lock cannot be had", async () => {
    const holder = new Database(file, { timeout: 0 });
    const impatient = await connectionOf(
      new PrismaBetterSqlite3({ url: file, timeout: 20 }),
    ).factory.connect();
    try {
      holder.exec("BEGIN IMMEDIATE");
      await expect(impatient.startTransaction()).rejects.toThrow();
      holder.exec("COMMIT");
      // Not left holding the adapter's mutex: the next transaction starts.
      const next = await impatient.startTransaction();
      await next.executeRaw(sql("INSERT INTO item (name) VALUES ('next')"));
      await next.executeRaw(sql("COMMIT"));
      await next.commit();
      expect(count()).toBe(1);
    } finally {
      holder.close();
      await impatient.dispose();
    }
  });

  it("commit on its own a statement Prisma ran outside any transaction after the adapter's BEGIN", async () => {
    // Prisma's adapter opens its transaction with a deferred BEGIN; a query it runs outside any
    // transaction before the write lock is taken lands inside that transaction.
    const inner = new PrismaBetterSqlite3({ url: file });
    const injecting = connectionOf({
      provider: inner.provider,
      adapterName: inner.adapterName,
      async connect() {
        const raw = await inner.connect();
        const start = raw.startTransaction.bind(raw);
        raw.startTransaction = async (isolationLevel) => {
          const transaction = await start(isolationLevel);
          await raw.executeRaw(sql("INSERT INTO item (name) VALUES ('outside')"));
          return transaction;
        };
        return raw;
      },
    });
    const wrapped = await injecting.factory.connect();
    try {
      const transaction = await wrapped.startTransaction();
      await transaction.executeRaw(sql("INSERT INTO item (name) VALUES ('inside')"));
      await transaction.executeRaw(sql("ROLLBACK"));
      await transaction.rollback();
      const reader = new Database(file, { readonly: true });
      expect(reader.prepare("SELECT name FROM item").pluck().all()).toEqual(["outside"]);
      reader.close();
    } finally {
      await wrapped.dispose();
    }
  });
});
