// Offline migrations through Prisma's WASM schema engine. The native schema engine (what
// `prisma migrate` runs) cannot be downloaded here, but @prisma/schema-engine-wasm contains
// the same migration code and talks to the database through a driver adapter. This file
// applies committed migrations (called at server start) and exposes the engine plumbing
// that scripts/migrate.ts builds `dev`, `status` and `check` on.
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  type ErrorRegistry,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine, SchemaFilter } from "@prisma/schema-engine-wasm";
import Database from "better-sqlite3";
import pg from "pg";

export type Provider = "sqlite" | "postgresql";

export function providerForUrl(url: string): Provider {
  return /^postgres(ql)?:\/\//.test(url) ? "postgresql" : "sqlite";
}

/**
 * The repository root: the nearest directory above this module that holds prisma/schema.prisma.
 * The module runs from lib/db (tsx, vitest) and from the server bundle in dist/; cwd is the
 * fallback for bundlers that drop import.meta.dirname.
 */
function findRepoRoot(): string {
  for (let dir = import.meta.dirname; dir;) {
    if (existsSync(path.join(dir, "prisma", "schema.prisma"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return process.cwd();
}

export const repoRoot: string = findRepoRoot();

export const migrationsDir = (provider: Provider) =>
  path.join(repoRoot, provider === "sqlite" ? "prisma/migrations" : "prisma/postgres/migrations");

export const schemaPath = (provider: Provider) =>
  path.join(repoRoot, provider === "sqlite" ? "prisma/schema.prisma" : "prisma/postgres/schema.prisma");

export const NO_FILTER: SchemaFilter = { externalTables: [], externalEnums: [] };
export const LOCKFILE = "migration_lock.toml";

/** Reads a migrations directory the way the Prisma CLI does (sorted by name, lockfile beside them). */
export function readMigrationsList(provider: Provider): MigrationList {
  const baseDir = migrationsDir(provider);
  const lockPath = path.join(baseDir, LOCKFILE);
  const dirs = existsSync(baseDir)
    ? readdirSync(baseDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort((a, b) => a.localeCompare(b))
    : [];
  return {
    baseDir,
    lockfile: { path: LOCKFILE, content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => {
      const file = path.join(baseDir, name, "migration.sql");
      const content = existsSync(file)
        ? ({ tag: "ok", value: readFileSync(file, "utf8") } as const)
        : ({ tag: "error", value: `${file} not found` } as const);
      return { path: name, migrationFile: { path: "migration.sql", content } };
    }),
  };
}

// --- The WASM module -------------------------------------------------------------------
// Node cannot import a .wasm file without --experimental-wasm-modules (the package's main
// entry does exactly that and fails with ERR_UNKNOWN_FILE_EXTENSION), so the wasm-bindgen
// glue is imported on its own and the module is instantiated by hand, once per process.
type Glue = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");
let gluePromise: Promise<Glue> | undefined;

function loadGlue(): Promise<Glue> {
  gluePromise ??= (async () => {
    // Imported by absolute URL: a bare specifier fails when tsx loads this file as CJS
    // from an ESM importer (it then evaluates it from a data: URL).
    const js = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const glue: Glue = await import(pathToFileURL(js).href);
    const bytes = await readFile(path.join(path.dirname(js), "schema_engine_bg.wasm"));
    // The engine arms timers (e.g. 10 s around its PostgreSQL advisory lock) and never clears
    // them (the glue has no clearTimeout): unref'd, they no longer hold a finished process.
    const imports: WebAssembly.ModuleImports = { ...glue };
    for (const key of Object.keys(glue).filter((k) => k.startsWith("__wbg_setTimeout_"))) {
      imports[key] = (callback: () => void, ms: number) => setTimeout(callback, ms >>> 0).unref();
    }
    const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": imports });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue;
  })();
  return gluePromise;
}

// --- Driver adapters -------------------------------------------------------------------
type Disposable = { dispose(): Promise<void> };

/** Makes dispose() safe to call twice (the engine may dispose what we dispose again) and records it. */
function tracked<T extends Disposable>(adapter: T, opened: Disposable[]): T {
  const dispose = adapter.dispose.bind(adapter);
  let done: Promise<void> | undefined;
  adapter.dispose = () => (done ??= dispose());
  opened.push(adapter);
  return adapter;
}

/** The file of a SQLite URL (`file:./data/ensign.db` → `./data/ensign.db`, relative to cwd). */
export function sqlitePath(url: string): string {
  return url.replace(/^file:/, "").replace(/\?.*$/, "");
}

function sqliteFactory(url: string, opened: Disposable[]): SqlMigrationAwareDriverAdapterFactory {
  const base = new PrismaBetterSqlite3({ url: sqlitePath(url), timeout: 10_000 });
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => tracked(await base.connect(), opened),
    connectToShadowDb: async () => {
      // The engine replays each migration on the shadow DB as ONE executeRaw call, and
      // better-sqlite3 refuses to prepare more than one statement. Argument-less calls are
      // sent to executeScript (sqlite3_exec), which runs the whole script.
      const shadow = tracked(await base.connectToShadowDb(), opened); // ":memory:"
      const executeRaw = shadow.executeRaw.bind(shadow);
      shadow.executeRaw = async (query) =>
        query.args.length ? executeRaw(query) : shadow.executeScript(query.sql).then(() => 0);
      return shadow;
    },
  };
}

// The engine's PostgreSQL describer reads pg_catalog columns of type "char" (OID 18), which
// adapter-pg refuses to map ("Column type 'char' could not be deserialized"). Instead of
// patching pg.Result globally (that would also touch the app's own client at runtime),
// the migration pools use a Client that reports those columns as text (OID 25).
function charAsText<R>(result: R): R {
  for (const r of Array.isArray(result) ? result : [result]) {
    for (const field of (r as pg.QueryResult | undefined)?.fields ?? []) {
      if (field.dataTypeID === 18) field.dataTypeID = 25;
    }
  }
  return result;
}

class MigrationClient extends pg.Client {
  // pg-pool calls query() with a callback, adapter-pg's transactions with a promise.
  query(...args: unknown[]): never {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (err: Error | null, res: unknown) => callback(err, err ? res : charAsText(res));
    }
    const ret = (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(this, args);
    return (ret instanceof Promise ? ret.then(charAsText) : ret) as never;
  }
}

function pgFactory(url: string, opened: Disposable[]): SqlMigrationAwareDriverAdapterFactory {
  const poolConfig = (connectionString: string): pg.PoolConfig => ({
    connectionString,
    Client: MigrationClient as unknown as pg.PoolConfig["Client"],
  });
  const base = new PrismaPg(poolConfig(url));
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => tracked(withWholeScripts(await base.connect()), opened),
    // adapter-pg's own connectToShadowDb drops the shadow database while its pool is still
    // connected, which fails ("being accessed by other users") and leaks the database. Ours
    // closes the pool first, then drops WITH (FORCE).
    connectToShadowDb: async () => {
      const name = `prisma_migrate_shadow_db_${randomUUID().replace(/-/g, "")}`;
      await adminQuery(url, `CREATE DATABASE "${name}"`);
      const shadowUrl = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
      const shadow = withWholeScripts(await new PrismaPg(poolConfig(shadowUrl)).connect());
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = () =>
        dispose().finally(() => adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      return tracked(shadow, opened);
    },
  };
}

// adapter-pg's executeScript splits the script on ";" (breaking any literal that contains
// one) and runs the pieces one by one (a failure leaves the migration half-applied). The
// native engine sends the script as one simple query, which PostgreSQL runs atomically.
function withWholeScripts(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const executeRaw = adapter.executeRaw.bind(adapter);
  adapter.executeScript = async (script) => void (await executeRaw({ sql: script, args: [], argTypes: [] }));
  return adapter;
}

async function adminQuery(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

// --- Engine ----------------------------------------------------------------------------
export type OpenEngine = { engine: SchemaEngine; close(): Promise<void> };

/**
 * A schema engine whose "main" database is `url` (shadow databases: SQLite in memory,
 * PostgreSQL a throwaway database on the same server). close() frees the engine and ends
 * every connection and pool it opened, so the caller's process can exit on its own.
 */
export async function openEngine(
  url: string,
  schema?: { path: string; content: string },
): Promise<OpenEngine> {
  const provider = providerForUrl(url);
  // The engine turns a failure to connect into an uncaught exception ("External error
  // id#0", thrown from a microtask: no try/catch sees it, the process dies). Connecting once
  // here first turns the usual causes (bad path, unknown database, server down) into
  // ordinary, catchable errors with the driver's message.
  if (provider === "sqlite") new Database(sqlitePath(url)).close();
  else await adminQuery(url, "SELECT 1");
  const glue = await loadGlue();
  const opened: Disposable[] = [];
  const factory = provider === "sqlite" ? sqliteFactory(url, opened) : pgFactory(url, opened);
  const file = schema ?? { path: schemaPath(provider), content: readFileSync(schemaPath(provider), "utf8") };
  const log = (line: string) => {
    if (process.env.ENSIGN_MIGRATE_DEBUG) console.error("[schema-engine]", line);
  };
  const bound = bindMigrationAwareSqlAdapterFactory(factory);
  const engine = await glue.SchemaEngine.new({ datamodels: [[file.path, file.content]] }, log, bound);
  return {
    engine: withAdapterErrors(engine, bound.errorRegistry),
    close: async () => {
      engine.free();
      await Promise.all(opened.map((a) => a.dispose()));
    },
  };
}

// Errors thrown by the adapters (e.g. the shadow database cannot be created) reach the
// engine as ids into the factory's error registry and come back as "External error id#0".
// This puts the adapter's own message in their place.
function withAdapterErrors(engine: SchemaEngine, registry: ErrorRegistry): SchemaEngine {
  const explain = (error: unknown) => {
    if (error instanceof Error) {
      error.message = error.message.replace(/External error id#(\d+)/g, (text, id) => {
        const cause = registry.consumeError(Number(id))?.error;
        return cause instanceof Error ? `${text}: ${cause.message}` : text;
      });
    }
    return error;
  };
  return new Proxy(engine, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        return result instanceof Promise ? result.catch((error) => Promise.reject(explain(error))) : result;
      };
    },
  });
}

// --- Locking ---------------------------------------------------------------------------
// Several instances may start at once on one database. The engine has locks of its own,
// but not safe ones here. On PostgreSQL it runs `pg_advisory_lock(72707369)` through the
// pool: the lock lands on whichever pooled connection ran it, and the pool may close that
// connection when it idles. On SQLite it sets `locking_mode=EXCLUSIVE`, and two engines
// that both read first then deadlock on the write: SQLITE_BUSY, which even arrives garbled
// ("unknown variant `SocketTimeout`"). So the whole run is serialised by our own lock: on
// PostgreSQL a session-level advisory lock on a dedicated connection (another key, or the
// engine would wait for us), on SQLite an exclusive transaction on a side file. Both are
// released by the OS / server if the process dies.
const PG_LOCK_KEY = "7452789541734414" as const; // arbitrary, Ensign's own

async function withMigrationLock<T>(url: string, run: () => Promise<T>): Promise<T> {
  if (providerForUrl(url) === "postgresql") {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query("SET lock_timeout = '120s'");
      await client.query("SELECT pg_advisory_lock($1)", [PG_LOCK_KEY]);
      return await run();
    } finally {
      await client.end(); // ends the session, which releases the lock
    }
  }
  const file = sqlitePath(url);
  if (file === ":memory:" || file === "") return run();
  // timeout 0 and polling: better-sqlite3's busy wait would block the event loop.
  const lock = new Database(`${file}.migrate-lock`, { timeout: 0 });
  try {
    const deadline = Date.now() + 120_000;
    while (!tryExclusive(lock)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${file}.migrate-lock`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return await run();
  } finally {
    lock.close(); // also ends the transaction
  }
}

function tryExclusive(db: Database.Database): boolean {
  try {
    db.exec("BEGIN EXCLUSIVE");
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return false;
    throw error;
  }
}

/**
 * Applies pending committed migrations to `url`, like `prisma migrate deploy`. On SQLite,
 * call it before this process opens the file itself: the engine locks the file exclusively,
 * and a WAL connection of the same process makes it fail (SQLITE_BUSY after 10 s).
 */
/** Names of the migrations recorded as applied; [] when the table does not exist yet. */
async function appliedMigrationNames(url: string): Promise<string[]> {
  const sql =
    "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL";
  try {
    if (providerForUrl(url) === "sqlite") {
      const file = sqlitePath(url);
      if (file === ":memory:" || !existsSync(file)) return [];
      const sqlite = new Database(file, { readonly: true, fileMustExist: true });
      try {
        return (sqlite.prepare(sql).all() as { migration_name: string }[]).map((r) => r.migration_name);
      } finally {
        sqlite.close();
      }
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<{ migration_name: string }>(sql)).rows.map((r) => r.migration_name);
    } finally {
      await client.end();
    }
  } catch {
    return [];
  }
}

export async function applyMigrations(url: string): Promise<{ applied: string[] }> {
  const provider = providerForUrl(url);
  if (provider === "sqlite") {
    const file = sqlitePath(url);
    if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  }
  // Instances joining a database that is already up to date (the common case behind a load
  // balancer) skip the schema engine, its locks and its start-up cost entirely.
  const applied = new Set(await appliedMigrationNames(url));
  const pending = readMigrationsList(provider).migrationDirectories.filter((d) => !applied.has(d.path));
  if (pending.length === 0) return { applied: [] };
  return withMigrationLock(url, async () => {
    const { engine, close } = await openEngine(url);
    try {
      const { appliedMigrationNames } = await engine.applyMigrations({
        migrationsList: readMigrationsList(provider),
        filters: NO_FILTER,
      });
      return { applied: appliedMigrationNames };
    } finally {
      await close();
    }
  });
}
