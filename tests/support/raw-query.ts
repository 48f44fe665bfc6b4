// Reads and writes the test database directly, for what the API must not show (stored
// hashes) or cannot make (rows left by an older version).
import Database from "better-sqlite3";
import pg from "pg";

export async function rawQuery(databaseUrl: string, sql: string): Promise<Record<string, unknown>[]> {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }
  const sqlite = new Database(databaseUrl.replace(/^file:/, ""), { timeout: 10_000 });
  try {
    const statement = sqlite.prepare(sql);
    if (statement.reader) return statement.all() as Record<string, unknown>[];
    statement.run();
    return [];
  } finally {
    sqlite.close();
  }
}
