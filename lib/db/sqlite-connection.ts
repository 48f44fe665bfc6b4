// Prisma's SQLite connection, for the one hot path that needs prepared statements.
//
// On SQLite, Prisma runs every query through its client (query plan, argument and row
// mapping) and then its adapter compiles the SQL again for each execution. For the SDK identity
// endpoints that is most of the cost of a call (bench/run.ts). `connectionOf` wraps the adapter
// factory so that the connection Prisma opens is also reachable here: `exclusive` then runs
// statements prepared once, synchronously, in one transaction, under the same lock that
// serialises Prisma's own transactions on that connection. There is still one connection and
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
};

type Holder = { adapter?: SqlDriverAdapter };

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

function connection(holder: Holder): SqliteConnection {
  return {
    get open() {
      return holder.adapter !== undefined;
    },
    async exclusive(work) {
      const adapter = holder.adapter;
      if (!adapter) throw new Error("the SQLite connection is not open yet");
      const database = databaseOf(adapter);
      const { begin, commit, rollback } = control(database);
      // Takes the adapter's transaction lock (and issues BEGIN, as Prisma would).
      const transaction = await adapter.startTransaction();
      try {
        // A query Prisma ran outside any transaction while this one resumed would have joined
        // it: commit it on its own first, as it expected, then take the write lock.
        return timedWork("sqlite write transaction", () => {
          commit.run();
          begin.run();
          try {
            const result = work(database);
            commit.run();
            return result;
          } catch (error) {
            if (database.inTransaction) rollback.run();
            throw error;
          }
        });
      } finally {
        // Releases the lock; for this adapter neither call issues SQL.
        await transaction.rollback();
      }
    },
  };
}

/**
 * Prisma's adapter opens its transactions with a deferred BEGIN: the transaction reads from a
 * snapshot and asks for the write lock at its first write. With another process writing to the
 * same file (two instances on one SQLite database), a transaction that read and then writes
 * after the other committed fails at once with SQLITE_BUSY (its snapshot is stale; the busy
 * timeout does not apply), and a request answered 500. Each transaction therefore starts with
 * the write lock (BEGIN IMMEDIATE), waiting for it up to the busy timeout, as SQLite advises for
 * transactions that may write. Within the process the adapter's mutex already runs one
 * transaction at a time, so nothing waits that did not before.
 */
function takeWriteLockOnBegin(adapter: SqlDriverAdapter): void {
  const start = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => {
    const transaction = await start(isolationLevel);
    const database = databaseOf(adapter);
    const { begin, commit } = control(database);
    try {
      // As in `exclusive`: a query Prisma ran outside any transaction meanwhile commits on its own.
      commit.run();
      begin.run();
    } catch (error) {
      if (database.inTransaction) commit.run();
      await transaction.rollback(); // releases the adapter's lock; issues no SQL
      throw error;
    }
    return transaction;
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
  const holder: Holder = {};
  const wrapped: SqlDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect() {
      const adapter = await factory.connect();
      takeWriteLockOnBegin(adapter);
      holder.adapter = adapter;
      return adapter;
    },
  };
  return { factory: wrapped, connection: connection(holder) };
}
