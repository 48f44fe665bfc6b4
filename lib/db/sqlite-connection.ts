// Prisma's SQLite connection, for the one hot path that needs prepared statements.
//
// On SQLite, Prisma runs every query through its client (query plan, argument and row
// mapping) and then its adapter compiles the SQL again for each execution. For the SDK identity
// endpoints that is most of the cost of a call (bench/run.ts). `connectionOf` wraps the adapter
// factory so that the connection Prisma opens is also reachable here: `exclusive` then runs
// statements prepared once, synchronously, in one transaction, under the one write lock that
// also serialises Prisma's own transactions on that connection. There is still one connection and
// one lock for writing; the only other connection to the file is the blast radius worker's
// read-only one (lib/impact/identity-reader.ts), which WAL lets read while this one writes.
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type Database from "better-sqlite3";
import { timedWork } from "@/lib/diagnostics/stalls";

export type SqliteDatabase = Database.Database;

export type SqliteConnection = {
  /** Whether Prisma has opened the connection yet. */
  readonly open: boolean;
  /**
   * Runs `work` in a write transaction on Prisma's connection and commits it; rolls back and
   * rethrows if it throws. `work` is synchronous, so no other query can interleave with it.
   */
  exclusive<T>(work: (database: SqliteDatabase) => T): Promise<T>;
  /**
   * Runs `work` while no write on this connection can commit (the write lock held; writes wait
   * in line): the WAL checkpoint's step that must find the WAL still (lib/db/wal-checkpoint.ts).
   */
  holdWrites(work: () => Promise<void>): Promise<void>;
};

/**
 * The one write lock of the connection, in the order asked: every Prisma transaction holds it
 * from start to commit or rollback, and `exclusive` while its work runs. Free, it is taken at
 * once, with no promise, so the hot path pays nothing for it when nothing else writes.
 */
class WriteLock {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  /** Takes the lock if it is free. */
  tryTake(): boolean {
    if (this.held) return false;
    this.held = true;
    return true;
  }

  take(): Promise<void> {
    if (this.tryTake()) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands the lock to the next in line, or frees it. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

type Holder = { adapter?: SqlDriverAdapter; lock: WriteLock };

const controlStatements = new WeakMap<
  SqliteDatabase,
  Record<"begin" | "commit" | "rollback", Database.Statement>
>();

function control(database: SqliteDatabase) {
  let statements = controlStatements.get(database);
  if (!statements) {
    statements = {
      begin: database.prepare("BEGIN IMMEDIATE"),
      commit: database.prepare("COMMIT"),
      rollback: database.prepare("ROLLBACK"),
    };
    controlStatements.set(database, statements);
  }
  return statements;
}

/** The raw handle of the better-sqlite3 adapter (a public field of its queryable class). */
function databaseOf(adapter: SqlDriverAdapter): SqliteDatabase {
  // Checked by shape: Next's route bundle and the server bundle each load their own modules.
  const client = (adapter as unknown as { client?: Partial<SqliteDatabase> }).client;
  if (typeof client?.prepare !== "function" || typeof client.inTransaction !== "boolean") {
    throw new Error("the SQLite adapter exposes no better-sqlite3 connection");
  }
  return client as SqliteDatabase;
}

/**
 * Runs `work` in its own write transaction; the caller holds the write lock. For the stall
 * recorder the statements and the commit (writing the WAL frames) are two spans, one after the
 * other, so that a long transaction says which of them took the time.
 */
function runLocked<T>(database: SqliteDatabase, work: (database: SqliteDatabase) => T): T {
  const { begin, commit, rollback } = control(database);
  const result = timedWork("sqlite write transaction", () => {
    // No Prisma transaction is open while the lock is held; a transaction a statement outside
    // the lock left open is committed on its own first, as its author expected.
    if (database.inTransaction) commit.run();
    begin.run();
    try {
      return work(database);
    } catch (error) {
      if (database.inTransaction) rollback.run();
      throw error;
    }
  });
  try {
    timedWork("sqlite commit", () => commit.run());
  } catch (error) {
    if (database.inTransaction) rollback.run();
    throw error;
  }
  return result;
}

function connection(holder: Holder): SqliteConnection {
  const { lock } = holder;
  return {
    get open() {
      return holder.adapter !== undefined;
    },
    exclusive(work) {
      const adapter = holder.adapter;
      if (!adapter) return Promise.reject(new Error("the SQLite connection is not open yet"));
      const database = databaseOf(adapter);
      if (lock.tryTake()) {
        // The usual case: nothing else is writing, and the work runs now, before this returns.
        try {
          return Promise.resolve(runLocked(database, work));
        } catch (error) {
          return Promise.reject(error);
        } finally {
          lock.release();
        }
      }
      return lock.take().then(() => {
        try {
          return runLocked(database, work);
        } finally {
          lock.release();
        }
      });
    },
    holdWrites(work) {
      return lock
        .take()
        .then(work)
        .finally(() => lock.release());
    },
  };
}

/**
 * Prisma's transactions on this connection: under the write lock, and holding SQLite's write
 * lock from the start.
 *
 * Prisma's adapter opens a transaction with a deferred BEGIN: it reads from a snapshot and asks
 * for SQLite's write lock at its first write. With another process writing to the same file (two
 * instances on one SQLite database), a transaction that read and then writes after the other
 * committed fails at once with SQLITE_BUSY (its snapshot is stale; the busy timeout does not
 * apply), and a request answered 500. Each transaction therefore starts with BEGIN IMMEDIATE,
 * waiting for the lock up to the busy timeout, as SQLite advises for transactions that may write.
 * Within the process one transaction runs at a time, as before (the adapter's own mutex did
 * that; the write lock now does it for Prisma's transactions and `exclusive` alike).
 */
function lockTransactions(adapter: SqlDriverAdapter, lock: WriteLock): void {
  const start = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => {
    await lock.take();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      lock.release();
    };
    const database = databaseOf(adapter);
    let transaction: Awaited<ReturnType<SqlDriverAdapter["startTransaction"]>> | undefined;
    try {
      transaction = await start(isolationLevel);
      const { begin, commit } = control(database);
      // A query Prisma ran outside any transaction since the adapter's BEGIN commits on its own.
      commit.run();
      begin.run();
    } catch (error) {
      if (database.inTransaction) control(database).commit.run();
      await transaction?.rollback(); // releases the adapter's mutex; issues no SQL
      release();
      throw error;
    }
    const opened = transaction;
    const commit = opened.commit.bind(opened);
    const rollback = opened.rollback.bind(opened);
    // Prisma has issued COMMIT or ROLLBACK by the time it calls these.
    opened.commit = () => commit().finally(release);
    opened.rollback = () => rollback().finally(release);
    return opened;
  };
}

/**
 * Wraps the factory Prisma connects with and returns a handle on the connection it opens.
 * Prisma connects lazily: callers must have made the client connect first.
 */
export function connectionOf(factory: SqlDriverAdapterFactory): {
  factory: SqlDriverAdapterFactory;
  connection: SqliteConnection;
} {
  const holder: Holder = { lock: new WriteLock() };
  const wrapped: SqlDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect() {
      const adapter = await factory.connect();
      lockTransactions(adapter, holder.lock);
      holder.adapter = adapter;
      return adapter;
    },
  };
  return { factory: wrapped, connection: connection(holder) };
}
