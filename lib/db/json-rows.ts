// Set-based statements take their rows as one JSON parameter, expanded into rows inside the
// database. Binding each value separately would cost a parameter mapping per value and a new
// statement text (and SQLite compile) for every batch size; one JSON text keeps the statement
// fixed whatever the number of rows. The helpers here hold the only SQL that differs between
// SQLite (json_each, json_group_array) and PostgreSQL (json_to_recordset, json_agg).
import { databaseUrl, isPostgresUrl, Prisma } from "./client";

export type JsonColumnType = "int" | "text";

const isPostgres = () => isPostgresUrl(databaseUrl());

/** Rows with the given columns from a JSON array of objects keyed by column name. */
export function jsonRecords<K extends string>(
  rows: Record<K, string | number>[],
  columns: Record<K, JsonColumnType>,
): Prisma.Sql {
  const json = JSON.stringify(rows);
  const names = Object.keys(columns) as K[];
  if (!isPostgres()) {
    // Column names are identifiers chosen in code, never input.
    const fields = names.map((name) => `json_extract("value", '$.${name}') AS "${name}"`).join(", ");
    return Prisma.sql`SELECT ${Prisma.raw(fields)} FROM json_each(${json})`;
  }
  const definition = names.map((name) => `"${name}" ${columns[name]}`).join(", ");
  return Prisma.sql`SELECT * FROM json_to_recordset(${json}::json) AS "rows"(${Prisma.raw(definition)})`;
}

/** A timestamp parameter as a DateTime column stores it. */
export function sqlTimestamp(date: Date): Prisma.Sql {
  return isPostgres() ? Prisma.sql`CAST(${date} AS timestamp(3))` : Prisma.sql`${date}`;
}

/**
 * The given columns of every row an aggregate sees, as JSON text: `[[c1, c2, …], …]`, "[]" when
 * there are none. One text per group instead of one result row per item keeps the rows Prisma
 * has to map per statement few.
 */
export function jsonArrayAgg(columns: string[]): Prisma.Sql {
  const list = columns.join(", ");
  return isPostgres()
    ? Prisma.raw(`coalesce(json_agg(json_build_array(${list}))::text, '[]')`)
    : Prisma.raw(`json_group_array(json_array(${list}))`);
}
