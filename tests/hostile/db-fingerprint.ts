// What the database holds, table by table, as one hash each: compared around a write that
// answered an error, a change in any table is a partial write. Tables that failures may
// legitimately touch are left out (failed sign-ins are counted on purpose; sessions and the
// webhook outbox change in the background).
import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";

const SKIPPED = new Set(["LoginAttempt", "DashboardSession", "WebhookDelivery"]);

export type Fingerprint = Map<string, string>;
export type Fingerprinter = { take: () => Promise<Fingerprint>; close: () => Promise<void> };

const hashRows = (rows: unknown[]) =>
  createHash("sha1")
    .update(
      rows
        .map((r) => JSON.stringify(r))
        .sort()
        .join("\n"),
    )
    .digest("hex");

const skipped = (table: string) => SKIPPED.has(table) || table.startsWith("_") || /migration/i.test(table);

export async function openFingerprinter(databaseUrl: string): Promise<Fingerprinter> {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const tables = (
      await client.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
      )
    ).rows
      .map((r) => r.name)
      .filter((t) => !skipped(t));
    // One statement, one snapshot: every table hashed by the server.
    const sql = tables
      .map(
        (t) =>
          `SELECT '${t}' AS name, (SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM "${t}" x) AS hash`,
      )
      .join(" UNION ALL ");
    return {
      take: async () => {
        const rows = (await client.query<{ name: string; hash: string }>(sql)).rows;
        return new Map(rows.map((r) => [r.name, r.hash]));
      },
      close: () => client.end(),
    };
  }
  const sqlite = new Database(databaseUrl.replace(/^file:/, ""), { readonly: true, timeout: 10_000 });
  const tables = (
    sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as {
      name: string;
    }[]
  )
    .map((r) => r.name)
    .filter((t) => !skipped(t));
  return {
    take: async () => {
      const out: Fingerprint = new Map();
      // One read transaction: every table as of the same moment.
      sqlite.transaction(() => {
        for (const table of tables)
          out.set(table, hashRows(sqlite.prepare(`SELECT * FROM "${table}"`).all()));
      })();
      return out;
    },
    close: async () => void sqlite.close(),
  };
}

/** Tables whose content differs between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...after.keys()].filter((table) => before.get(table) !== after.get(table));
}
