// The identity search of Flagsmith's dashboard: `?q=text`, or `?q="text"` for an exact match.
// Core identities match a substring, edge identities a prefix (DynamoDB's begins_with), and
// edge searches may target the dashboard alias with a `dashboard_alias:` prefix.
import { Prisma } from "@/lib/db/client";

export type IdentitySearch = {
  field: "identifier" | "dashboardAlias";
  mode: "exact" | "contains" | "startsWith";
  term: string;
};

const ALIAS_PREFIX = "dashboard_alias:";

function isQuoted(q: string): boolean {
  return q.length >= 2 && q.startsWith('"') && q.endsWith('"');
}

export function parseCoreSearch(q: string | undefined): IdentitySearch | null {
  if (!q) return null;
  // Flagsmith drops every quote of a quoted search, not just the outer pair.
  if (isQuoted(q)) return { field: "identifier", mode: "exact", term: q.replaceAll('"', "") };
  return { field: "identifier", mode: "contains", term: q };
}

export function parseEdgeSearch(q: string | undefined): IdentitySearch | null {
  if (!q) return null;
  let term = q;
  let field: IdentitySearch["field"] = "identifier";
  if (term.startsWith(ALIAS_PREFIX)) {
    field = "dashboardAlias";
    // Aliases are stored lower-cased.
    term = term.slice(ALIAS_PREFIX.length).toLowerCase();
  }
  if (isQuoted(term)) return { field, mode: "exact", term: term.slice(1, -1) };
  return { field, mode: "startsWith", term };
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const COLUMNS = { identifier: Prisma.raw('"identifier"'), dashboardAlias: Prisma.raw('"dashboardAlias"') };

/**
 * The SQL condition (`AND ...`) for a search. Prisma's contains/startsWith neither escape LIKE
 * wildcards nor ignore case on PostgreSQL, so this is written out: LIKE with an explicit
 * escape character and lower() on both sides reads the same on SQLite and PostgreSQL.
 */
export function searchSql(search: IdentitySearch | null): Prisma.Sql {
  if (!search) return Prisma.empty;
  const column = COLUMNS[search.field];
  if (search.mode === "exact") return Prisma.sql`AND ${column} = ${search.term}`;
  const escaped = escapeLike(search.term);
  const pattern = search.mode === "contains" ? `%${escaped}%` : `${escaped}%`;
  return Prisma.sql`AND lower(${column}) LIKE lower(${pattern}) ESCAPE '\\'`;
}
