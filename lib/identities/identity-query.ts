// Reads of an environment's identities under a search, in id order. Written in SQL (through
// Prisma) because the search needs LIKE with an escape character (see search.ts).
import { db, Prisma } from "@/lib/db/client";
import { searchSql, type IdentitySearch } from "./search";

const ID_CHUNK = 500;

function whereSql(environmentId: number, search: IdentitySearch | null, afterId: number | null): Prisma.Sql {
  const after = afterId === null ? Prisma.empty : Prisma.sql`AND "id" > ${afterId}`;
  return Prisma.sql`WHERE "environmentId" = ${environmentId} ${searchSql(search)} ${after}`;
}

export async function countIdentities(environmentId: number, search: IdentitySearch | null): Promise<number> {
  const rows = await db.$queryRaw<{ count: number | bigint }[]>`
    SELECT COUNT(*) AS "count" FROM "Identity" ${whereSql(environmentId, search, null)}`;
  return Number(rows[0]?.count ?? 0);
}

/** One page of identities, in id order, optionally starting after an id. */
export async function findIdentities(options: {
  environmentId: number;
  search: IdentitySearch | null;
  afterId?: number | null;
  skip?: number;
  take: number;
}) {
  const where = whereSql(options.environmentId, options.search, options.afterId ?? null);
  const ids = await db.$queryRaw<{ id: number | bigint }[]>`
    SELECT "id" FROM "Identity" ${where} ORDER BY "id" LIMIT ${options.take} OFFSET ${options.skip ?? 0}`;
  // Prisma binds each id as its own parameter and SQLite allows 999 per statement.
  const rows = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const page = ids.slice(i, i + ID_CHUNK).map((row) => Number(row.id));
    rows.push(...(await db.identity.findMany({ where: { id: { in: page } }, orderBy: { id: "asc" } })));
  }
  return rows;
}
