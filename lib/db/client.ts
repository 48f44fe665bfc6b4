// The one Prisma client of the process. DATABASE_URL chooses the store:
// postgres:// → PostgreSQL through the pg adapter, anything else → SQLite (embedded default).
import { AsyncLocalStorage } from "node:async_hooks";
import { chmodSync, existsSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresClient } from "./generated/postgres/client.ts";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client.ts";
import { Prisma } from "./generated/sqlite/client.ts";
import { connectionOf, type SqliteConnection } from "./sqlite-connection";
import { checkpointIntervalMs, startWalCheckpointer, walMaxBytes } from "./wal-checkpoint";

// Both generated clients come from one data model, so their APIs are the same; the
// SQLite client's types stand for both.
export type Db = SqliteClient;
export type Tx = Prisma.TransactionClient;
export type DbOrTx = Db | Tx;
export { Prisma };

export const DEFAULT_DATABASE_URL = "file:./data/ensign.db";

export function databaseUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

type DbGlobal = { client?: Db; url?: string; sqlite?: SqliteConnection };

function createClient(url: string): { client: Db; sqlite?: SqliteConnection } {
  if (isPostgresUrl(url)) {
    const adapter = new PrismaPg({
      connectionString: url,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    });
    return { client: new PostgresClient({ adapter }) as unknown as Db };
  }
  // The timeout makes concurrent writers wait for the lock instead of failing with SQLITE_BUSY.
  const { factory, connection } = connectionOf(new PrismaBetterSqlite3({ url, timeout: 10_000 }));
  return { client: new SqliteClient({ adapter: factory }), sqlite: connection };
}

// One client per process even though Next bundles route handlers separately from the
// custom server: both module graphs share globalThis.
const store = ((globalThis as Record<symbol, DbGlobal>)[Symbol.for("ensign.db")] ??= {});

export function getDb(): Db {
  const url = databaseUrl();
  if (!store.client || store.url !== url) {
    const { client, sqlite } = createClient(url);
    Object.assign(store, { client, sqlite, url });
    return client;
  }
  return store.client;
}

/** Prisma's own SQLite connection, connected (lib/db/sqlite-connection.ts); null on PostgreSQL. */
export async function sqliteConnection(): Promise<SqliteConnection | null> {
  const client = getDb();
  if (!store.sqlite) return null;
  if (!store.sqlite.open) await client.$connect();
  return store.sqlite;
}

/** Run once at start-up, before serving: WAL lets SDK reads proceed while the dashboard
 * writes, and NORMAL sync is durable in WAL mode at a fraction of FULL's fsyncs. A larger
 * page cache (8 MB) keeps the index pages that identity writes keep touching in memory. */
export async function configureDatabase(): Promise<void> {
  const url = databaseUrl();
  if (isPostgresUrl(url)) return;
  const client = getDb();
  await client.$queryRawUnsafe("PRAGMA journal_mode=WAL");
  await client.$executeRawUnsafe("PRAGMA synchronous=NORMAL");
  await client.$executeRawUnsafe("PRAGMA cache_size=-8192");
  // When the WAL starts again after a checkpoint, SQLite cuts a longer file back to this.
  const maxWal = walMaxBytes();
  await client.$queryRawUnsafe(`PRAGMA journal_size_limit=${maxWal}`);
  secureSqliteFiles(url);
  // WAL checkpoints in a worker thread, not on this connection (lib/db/wal-checkpoint.ts).
  const file = sqliteFile(url);
  const connection = await sqliteConnection();
  await startWalCheckpointer({
    file: file && file !== ":memory:" ? path.resolve(file) : "",
    intervalMs: checkpointIntervalMs(),
    walMaxBytes: maxWal,
    setAutocheckpoint: async (pages) => {
      await client.$queryRawUnsafe(`PRAGMA wal_autocheckpoint=${pages}`);
    },
    holdWrites: (work) => (connection ? connection.holdWrites(work) : work()),
  });
}

const sqliteFile = (url: string) => url.replace(/^file:/, "").replace(/\?.*$/, "");

/**
 * The SQLite database holds password hashes and keys: its files are made owner-only (0600),
 * and so is the default data directory (0700). A directory given in DATABASE_URL is left
 * as it is (it may be shared, like /tmp). SQLite creates -wal and -shm files with the
 * database file's mode, so they stay owner-only once it is.
 */
export function secureSqliteFiles(url: string, defaultDir = path.resolve("data")): void {
  const file = sqliteFile(url);
  if (!file || file === ":memory:") return;
  const dir = path.dirname(path.resolve(file));
  if (dir === defaultDir && existsSync(dir)) chmodSync(dir, 0o700);
  for (const suffix of ["", "-wal", "-shm", "-journal", ".migrate-lock"]) {
    if (existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
  }
}

// Work that must wait until the surrounding interactive transaction has committed (telling
// the SDK cache that an environment changed: a compile started before the commit would read
// the old rows and pass for fresh). Outside a transaction it runs at once.
const commitHooks = new AsyncLocalStorage<(() => void)[]>();

export function afterCommit(hook: () => void): void {
  const pending = commitHooks.getStore();
  if (pending) pending.push(hook);
  else hook();
}

function transactionWithHooks(client: Db): Db["$transaction"] {
  return ((arg: unknown, options?: unknown) => {
    const run = client.$transaction.bind(client) as (a: unknown, o?: unknown) => Promise<unknown>;
    if (typeof arg !== "function") return run(arg, options);
    const hooks: (() => void)[] = [];
    return commitHooks
      .run(hooks, () => run(arg, options))
      .then((result) => {
        for (const hook of hooks) hook();
        return result;
      });
  }) as Db["$transaction"];
}

export const db: Db = new Proxy({} as Db, {
  get(_target, prop) {
    const client = getDb();
    if (prop === "$transaction") return transactionWithHooks(client);
    const value = (client as unknown as Record<string | symbol, unknown>)[prop];
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(client) : value;
  },
});
