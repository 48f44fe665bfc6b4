// The identity store's statements on SQLite: prepared once per connection and run
// synchronously, call after call, inside the group's one write transaction
// (lib/db/sqlite-connection.ts). Each is a point lookup or write on a unique index, so a call
// costs a few microseconds of database work however many identities are stored.
import type Database from "better-sqlite3";
import type { SqliteDatabase } from "@/lib/db/sqlite-connection";
import { generateTimeOrderedUuid } from "@/lib/keys";
import type { IdentityCall, IdentityRecord } from "./identity-call";
import { planTraitWrites, type StoredTrait } from "./trait-plan";

type Statements = Record<
  "findIdentity" | "insertIdentity" | "insertTrait" | "deleteTrait" | "upsertTrait" | "readTraits",
  Database.Statement
>;

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
    // A new identity's traits: no row to meet, and the id comes back without a read.
    insertTrait: prepare(
      database,
      `INSERT INTO "Trait" ("identityId", "traitKey", "valueType", "value", "createdAt", "updatedAt")
       VALUES (?, ?, ?, ?, ?, ?) RETURNING "id"`,
    ).pluck(),
    deleteTrait: prepare(database, `DELETE FROM "Trait" WHERE "identityId" = ? AND "traitKey" = ?`),
    // Unchanged values are not rewritten.
    upsertTrait: prepare(
      database,
      `INSERT INTO "Trait" ("identityId", "traitKey", "valueType", "value", "createdAt", "updatedAt")
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT ("identityId", "traitKey") DO UPDATE SET
         "valueType" = excluded."valueType", "value" = excluded."value", "updatedAt" = excluded."updatedAt"
       WHERE "Trait"."valueType" <> excluded."valueType" OR "Trait"."value" <> excluded."value"`,
    ),
    readTraits: prepare(
      database,
      `SELECT "id", "traitKey", "valueType", "value" FROM "Trait" WHERE "identityId" = ? ORDER BY "id"`,
    ).raw(),
  };
  preparedFor.set(database, prepared);
  return prepared;
}

/** A DateTime as Prisma's SQLite adapter stores it (ISO 8601 with an explicit offset). */
const timestamp = (date: Date) => date.toISOString().replace("Z", "+00:00");

/** A new identity's traits, written as planned, in order: what reading them back would give. */
function insertTraits(s: Statements, identityId: number, call: IdentityCall, now: string): StoredTrait[] {
  if (call.access !== "write" || !call.traits?.length) return [];
  // Deletes are moot: a new identity has nothing to delete.
  return planTraitWrites(call.traits).upserts.map(({ traitKey, valueType, value }) => ({
    id: s.insertTrait.get(identityId, traitKey, valueType, value, now, now) as number,
    traitKey,
    valueType,
    value,
  }));
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
      return { identityId, traits: insertTraits(s, identityId, call, now) };
    }
    if (call.access === "write" && call.traits?.length) {
      const plan = planTraitWrites(call.traits);
      for (const traitKey of plan.deletes) s.deleteTrait.run(identityId, traitKey);
      for (const { traitKey, valueType, value } of plan.upserts) {
        s.upsertTrait.run(identityId, traitKey, valueType, value, now, now);
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
