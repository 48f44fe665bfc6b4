import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export type TestDatabase = { url: string; drop: () => Promise<void> };

export const POSTGRES_ADMIN_URL = process.env.POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export function usesPostgres(): boolean {
  return process.env.TEST_DATABASE === "postgres";
}

/** A fresh, empty database: a temp SQLite file, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!usesPostgres()) {
    const dir = mkdtempSync(path.join(tmpdir(), "ensign-test-"));
    return {
      url: `file:${path.join(dir, "test.db")}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `ensign_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
