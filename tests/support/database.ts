import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export type TestDatabase = { url: string; drop: () => Promise<void> };
export type Template = { url: string };

export const POSTGRES_ADMIN_URL = process.env.POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export function usesPostgres(): boolean {
  return process.env.TEST_DATABASE === "postgres";
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

function postgresUrl(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function emptyDatabase(): { name: string; url: string; dir?: string } {
  if (!usesPostgres()) {
    const dir = mkdtempSync(path.join(tmpdir(), "ensign-test-"));
    return { name: "test.db", url: `file:${path.join(dir, "test.db")}`, dir };
  }
  const name = `ensign_test_${randomBytes(6).toString("hex")}`;
  return { name, url: postgresUrl(name) };
}

function dropper(db: { name: string; dir?: string }): () => Promise<void> {
  if (db.dir) return async () => rmSync(db.dir!, { recursive: true, force: true });
  return () => adminQuery(`DROP DATABASE IF EXISTS ${db.name} WITH (FORCE)`);
}

/**
 * The API run's migrated template (tests/support/global-setup.ts makes it once per run;
 * worker-server.ts hands its URL to each worker in ENSIGN_TEST_TEMPLATE_DATABASE): every
 * database a test file asks for starts as a copy of it, so no server of the run pays the
 * schema engine's start-up and 20-odd migrations again (about 1.6 s of CPU, 8 s on a loaded
 * machine, for each of a dozen databases per run). Outside the api project (the unit tests)
 * there is none, and databases start empty as before.
 */
function providedTemplate(): Template | undefined {
  const url = process.env.ENSIGN_TEST_TEMPLATE_DATABASE;
  return url ? { url } : undefined;
}

/**
 * A fresh database: a copy of the run's migrated template (a SQLite file copy, or
 * PostgreSQL's `CREATE DATABASE … TEMPLATE`), else empty (a temp SQLite file, or a new
 * PostgreSQL database). Either way each caller gets its own, which it drops.
 */
export async function createTestDatabase(
  template: Template | undefined = providedTemplate(),
): Promise<TestDatabase> {
  const db = emptyDatabase();
  if (!usesPostgres()) {
    if (template) copyFileSync(sqliteFile(template.url), sqliteFile(db.url));
  } else {
    await adminQuery(
      template
        ? `CREATE DATABASE ${db.name} TEMPLATE ${new URL(template.url).pathname.slice(1)}`
        : `CREATE DATABASE ${db.name}`,
    );
  }
  return { url: db.url, drop: dropper(db) };
}

const sqliteFile = (url: string) => url.replace(/^file:/, "");

/**
 * A new database with every committed migration applied, as a server's first start leaves
 * it, for createTestDatabase to copy. On PostgreSQL it then takes no connections (a template
 * must have none while it is copied).
 */
export async function createTemplateDatabase(): Promise<TestDatabase> {
  const db = emptyDatabase();
  if (usesPostgres()) await adminQuery(`CREATE DATABASE ${db.name}`);
  const drop = dropper(db);
  try {
    const { applyMigrations } = await import("@/lib/db/migrations");
    await applyMigrations(db.url);
    if (usesPostgres()) {
      await adminQuery(`ALTER DATABASE ${db.name} WITH ALLOW_CONNECTIONS false`);
      await adminQuery(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${db.name}' AND pid <> pg_backend_pid()`,
      );
    } else {
      // The copy is of the main file alone: nothing may be left in a write-ahead log.
      for (const suffix of ["-wal", "-journal"]) {
        if (existsSync(sqliteFile(db.url) + suffix)) throw new Error(`template left ${suffix} beside it`);
      }
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: db.url, drop };
}
