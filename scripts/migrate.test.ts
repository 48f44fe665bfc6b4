// The migration tooling against real databases: applyMigrations builds the whole schema on
// an empty SQLite file and on an empty PostgreSQL database, a second run does nothing, and
// the committed migrations describe the current prisma/schema.prisma.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, providerForUrl, readMigrationsList, repoRoot } from "@/lib/db/migrations";
import { POSTGRES_URL, unmigratedChanges } from "./migrate";

const schema = readFileSync(path.join(repoRoot, "prisma/schema.prisma"), "utf8");
const models = [...schema.matchAll(/^model (\w+) \{/gm)].map((m) => m[1]).sort();
const migrationNames = readMigrationsList("sqlite").migrationDirectories.map((d) => d.path);

describe("providerForUrl", () => {
  it("maps postgres URLs to postgresql and everything else to sqlite", () => {
    expect(providerForUrl("postgres://u@h/db")).toBe("postgresql");
    expect(providerForUrl("postgresql://u@h:5432/db?schema=public")).toBe("postgresql");
    expect(providerForUrl("file:./data/ensign.db")).toBe("sqlite");
    expect(providerForUrl("./x.db")).toBe("sqlite");
  });
});

describe("applyMigrations on SQLite", () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(path.join(tmpdir(), "ensign-mig-"))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("creates every table of the schema in a new file (and its directory), then applies nothing", async () => {
    const url = `file:${path.join(dir, "nested/dir/test.db")}`;
    expect(await applyMigrations(url)).toEqual({ applied: migrationNames });

    const db = new Database(path.join(dir, "nested/dir/test.db"), { readonly: true });
    try {
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .pluck()
        .all() as string[];
      expect(tables.filter((t) => t !== "_prisma_migrations").sort()).toEqual(models);
      const rows = db.prepare("SELECT migration_name, finished_at FROM _prisma_migrations").all();
      expect(rows).toHaveLength(migrationNames.length);
    } finally {
      db.close();
    }
    expect(await applyMigrations(url)).toEqual({ applied: [] });
  });
});

describe("applyMigrations on PostgreSQL", () => {
  const name = `ensign_mig_test_${randomBytes(6).toString("hex")}`;
  const url = Object.assign(new URL(POSTGRES_URL), { pathname: `/${name}` }).toString();
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  beforeAll(() => admin(`CREATE DATABASE ${name}`));
  afterAll(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it("creates every table of the schema in a new database, then applies nothing", async () => {
    // Two at once, as when several instances start together: the lock lets one apply.
    const [a, b] = await Promise.all([applyMigrations(url), applyMigrations(url)]);
    expect([...a.applied, ...b.applied]).toEqual(migrationNames);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
      );
      const tables = rows.map((r) => r.table_name).filter((t) => t !== "_prisma_migrations");
      expect(tables.sort()).toEqual(models);
      const applied = await client.query("SELECT 1 FROM _prisma_migrations WHERE finished_at IS NOT NULL");
      expect(applied.rowCount).toBe(migrationNames.length);
    } finally {
      await client.end();
    }
    expect(await applyMigrations(url)).toEqual({ applied: [] });
  });
});

describe("committed migrations", () => {
  it("hold every change of prisma/schema.prisma (else: npm run db:migrate -- dev <name>)", async () => {
    expect(await unmigratedChanges("sqlite")).toBeNull();
  });
});
