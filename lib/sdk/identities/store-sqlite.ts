// The identity store's statements on SQLite: prepared once per connection and run
// synchronously, call after call, inside the group's one write transaction
// (lib/db/sqlite-connection.ts). Each is a point lookup or write on a unique index, so a call
// costs a few microseconds of database work however many identities are stored.
import type Database from "better-sqlite3";
import type { SqliteDatabase } from "@/lib/db/sqlite-connection";
import { generateTimeOrderedUuid } from "@/lib/keys";
import type { IdentityCall, IdentityRecord } from "./identity-call";
import { planTraitWrites, type StoredTrait, type TraitWritePlan } from "./trait-plan";

type Statements = Record<
  "findIdentity" | "insertIdentity" | "deleteTrait" | "readTraits",
  Database.Statement
> & {
  /** By number of rows (1..ROWS_PER_STATEMENT), prepared when first needed. */
  insertTraitRows: Database.Statement[];
  upsertTraitRows: Database.Statement[];
};

// A call's traits are written by one statement of several rows rather than one per trait: each
// statement run through better-sqlite3 costs a few microseconds of its own (binding, stepping,
// crossing into native code), several times what SQLite spends on a trait row.
const ROWS_PER_STATEMENT = 16;
const TRAIT_COLUMNS = `"identityId", "traitKey", "valueType", "value", "createdAt", "updatedAt"`;
const traitRows = (count: number) => Array.from({ length: count }, () => "(?, ?, ?, ?, ?, ?)").join(", ");

const preparedFor = new WeakMap<SqliteDatabase, Statements>();

function prepare(database: SqliteDatabase, sql: string) {
  // Prisma's connection reads integers as BigInt; ids here fit a number.
  return database.prepare(sql).safeIntegers(false);
}

function statements(database: SqliteDatabase): Statements {
  let prepared = preparedFor.get(database);
  if (prepared) return prepared;
  prepared = {
    findIdentity: prepare(
      database,
      `SELECT "id" FROM "Identity" WHERE "environmentId" = ? AND "identifier" = ?`,
    ).pluck(),
    insertIdentity: prepare(
      database,
      `INSERT INTO "Identity" ("uuid", "identifier", "environmentId", "createdAt") VALUES (?, ?, ?, ?)
       RETURNING "id"`,
    ).pluck(),
    deleteTrait: prepare(database, `DELETE FROM "Trait" WHERE "identityId" = ? AND "traitKey" = ?`),
    readTraits: prepare(
      database,
      `SELECT "id", "traitKey", "valueType", "value" FROM "Trait" WHERE "identityId" = ? ORDER BY "id"`,
    ).raw(),
    insertTraitRows: [],
    upsertTraitRows: [],
  };
  preparedFor.set(database, prepared);
  return prepared;
}

// A new identity's traits: no row to meet, and the ids come back without a read.
function insertStatement(database: SqliteDatabase, s: Statements, rows: number): Database.Statement {
  return (s.insertTraitRows[rows] ??= prepare(
    database,
    `INSERT INTO "Trait" (${TRAIT_COLUMNS}) VALUES ${traitRows(rows)} RETURNING "traitKey", "id"`,
  ).raw());
}

// Unchanged values are not rewritten.
function upsertStatement(database: SqliteDatabase, s: Statements, rows: number): Database.Statement {
  return (s.upsertTraitRows[rows] ??= prepare(
    database,
    `INSERT INTO "Trait" (${TRAIT_COLUMNS}) VALUES ${traitRows(rows)}
     ON CONFLICT ("identityId", "traitKey") DO UPDATE SET
       "valueType" = excluded."valueType", "value" = excluded."value", "updatedAt" = excluded."updatedAt"
     WHERE "Trait"."valueType" <> excluded."valueType" OR "Trait"."value" <> excluded."value"`,
  ));
}

type TraitWrite = TraitWritePlan["upserts"][number];

/** The planned writes in statements of up to ROWS_PER_STATEMENT rows, each with its parameters. */
function* inStatements(writes: TraitWrite[], identityId: number, now: string) {
  for (let start = 0; start < writes.length; start += ROWS_PER_STATEMENT) {
    const chunk = writes.slice(start, start + ROWS_PER_STATEMENT);
    const parameters: (string | number)[] = [];
    for (const { traitKey, valueType, value } of chunk)
      parameters.push(identityId, traitKey, valueType, value, now, now);
    yield { rows: chunk.length, parameters, chunk };
  }
}

/** A DateTime as Prisma's SQLite adapter stores it (ISO 8601 with an explicit offset). */
const timestamp = (date: Date) => date.toISOString().replace("Z", "+00:00");

/** A new identity's traits, written as planned: what reading them back would give (by id). */
function insertTraits(
  database: SqliteDatabase,
  s: Statements,
  identityId: number,
  call: IdentityCall,
  now: string,
): StoredTrait[] {
  if (call.access !== "write" || !call.traits?.length) return [];
  // Deletes are moot: a new identity has nothing to delete.
  const stored: StoredTrait[] = [];
  for (const { rows, parameters, chunk } of inStatements(
    planTraitWrites(call.traits).upserts,
    identityId,
    now,
  )) {
    // RETURNING's order is not promised: each id is matched to its key (keys are distinct).
    const ids = new Map(insertStatement(database, s, rows).all(parameters) as [string, number][]);
    for (const write of chunk) stored.push({ id: ids.get(write.traitKey)!, ...write });
  }
  return stored.sort((a, b) => a.id - b.id);
}

/** Runs a group of calls for distinct identities; the caller holds the write transaction. */
export function runCallsOnSqlite(database: SqliteDatabase, calls: IdentityCall[]): IdentityRecord[] {
  const s = statements(database);
  const now = timestamp(new Date());
  return calls.map((call) => {
    let identityId = s.findIdentity.get(call.environmentId, call.identifier) as number | undefined;
    if (identityId === undefined) {
      if (call.access === "read") return { identityId: null, traits: [] };
      identityId = s.insertIdentity.get(
        generateTimeOrderedUuid(),
        call.identifier,
        call.environmentId,
        now,
      ) as number;
      return { identityId, traits: insertTraits(database, s, identityId, call, now) };
    }
    if (call.access === "write" && call.traits?.length) {
      const plan = planTraitWrites(call.traits);
      for (const traitKey of plan.deletes) s.deleteTrait.run(identityId, traitKey);
      for (const { rows, parameters } of inStatements(plan.upserts, identityId, now)) {
        upsertStatement(database, s, rows).run(parameters);
      }
    }
    const rows = s.readTraits.all(identityId) as [number, string, string, string][];
    const traits: StoredTrait[] = rows.map(([id, traitKey, valueType, value]) => ({
      id,
      traitKey,
      valueType,
      value,
    }));
    return { identityId, traits };
  });
}
