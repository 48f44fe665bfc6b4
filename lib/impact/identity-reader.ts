// Stored identities with their traits, read through a connection of the blast radius's worker
// (lib/impact/worker.ts) rather than through the server's Prisma client, so that neither the
// query nor the rows cost the server's event loop anything. Read-only: on SQLite a second,
// read-only connection to the same file (WAL lets it read while the server writes); on
// PostgreSQL one client. The SQL names Prisma's tables and columns ("Identity", "Trait"), the
// same on both; identity-reader.test.ts checks it against the Prisma read on both databases.
import Database from "better-sqlite3";
import pg from "pg";
import type { CountableIdentity } from "@/lib/segments/scan";

export type IdentityReader = {
  /** Up to `take` identities of the environment with an id above `afterId`, in id order, with their traits. */
  readBatch(environmentId: number, afterId: number, take: number): Promise<CountableIdentity[]>;
  close(): Promise<void>;
};

type Row = {
  id: number;
  identifier: string;
  traitKey: string | null;
  valueType: string | null;
  value: string | null;
};

const batchSql = (param: (n: number) => string) => `
  SELECT i."id", i."identifier", t."traitKey", t."valueType", t."value"
  FROM (
    SELECT "id", "identifier" FROM "Identity"
    WHERE "environmentId" = ${param(1)} AND "id" > ${param(2)}
    ORDER BY "id" LIMIT ${param(3)}
  ) i
  LEFT JOIN "Trait" t ON t."identityId" = i."id"
  ORDER BY i."id", t."id"`;

/** Rows of the join (one per trait, or one with null trait columns) grouped into identities. */
function groupRows(rows: Row[]): CountableIdentity[] {
  const identities: CountableIdentity[] = [];
  let current: CountableIdentity | null = null;
  for (const row of rows) {
    const id = Number(row.id);
    if (!current || current.id !== id) {
      current = { id, identifier: row.identifier, traits: [] };
      identities.push(current);
    }
    if (row.traitKey !== null)
      current.traits.push({ traitKey: row.traitKey, valueType: row.valueType!, value: row.value! });
  }
  return identities;
}

/** The SQLite file a `file:` URL names, as Prisma's adapter reads it (relative to the working directory). */
export function sqliteFile(url: string): string {
  return url.replace(/^file:/, "").replace(/\?.*$/, "");
}

export function openIdentityReader(url: string): IdentityReader {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const client = new pg.Client({ connectionString: url });
    let connected: Promise<void> | null = null;
    const sql = batchSql((n) => `$${n}`);
    return {
      async readBatch(environmentId, afterId, take) {
        connected ??= client.connect().then(() => undefined);
        await connected;
        const result = await client.query<Row>(sql, [environmentId, afterId, take]);
        return groupRows(result.rows);
      },
      async close() {
        if (connected) await client.end();
      },
    };
  }
  const database = new Database(sqliteFile(url), { readonly: true, fileMustExist: true, timeout: 10_000 });
  const statement = database.prepare<[number, number, number], Row>(batchSql(() => "?"));
  return {
    async readBatch(environmentId, afterId, take) {
      return groupRows(statement.all(environmentId, afterId, take));
    },
    async close() {
      database.close();
    },
  };
}
