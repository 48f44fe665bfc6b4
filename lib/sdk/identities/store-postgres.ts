// The identity store's statements on PostgreSQL: each group runs as one transaction of at most
// four set-based statements, whatever its size, none of which waits on another's result:
// insert the missing identities, delete the traits sent as null, upsert the others (skipping
// values already stored), then read every identity of the group with its traits. They go to
// the server as one Prisma batch, so a group costs a few round trips, not a few per call.
//
// Creation is race-free across instances: inserts use ON CONFLICT DO NOTHING on the
// (environmentId, identifier) unique constraint, and trait writes find their identity by that
// same key, so they apply to whichever instance's row won. The statements are raw SQL through
// Prisma because its query builder has no multi-row upsert. Rows travel as one JSON parameter
// expanded by json_to_recordset: one statement text whatever the group's size, and no
// parameter mapping per value.
import { db, Prisma } from "@/lib/db/client";
import { generateTimeOrderedUuid } from "@/lib/keys";
import { identityKey, type IdentityCall, type IdentityRecord } from "./identity-call";
import { planTraitWrites, type StoredTrait } from "./trait-plan";

type IdentityRef = { environmentId: number; identifier: string };
type TraitKeyRef = IdentityRef & { traitKey: string };
type TraitWrite = TraitKeyRef & { valueType: string; value: string };

type Row = { id: number | bigint; environmentId: number | bigint; identifier: string; traits: string };

/** Rows of the given columns from one JSON parameter (column names are chosen in code). */
function records(rows: object[], columns: Record<string, "int" | "text">): Prisma.Sql {
  const definition = Object.entries(columns)
    .map(([name, type]) => `"${name}" ${type}`)
    .join(", ");
  return Prisma.sql`SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS "rows"(${Prisma.raw(definition)})`;
}

const IDENTITY_COLUMNS = { environmentId: "int", identifier: "text" } as const;
const TRAIT_KEY_COLUMNS = { ...IDENTITY_COLUMNS, traitKey: "text" } as const;
const TRAIT_COLUMNS = { ...TRAIT_KEY_COLUMNS, valueType: "text", value: "text" } as const;

const now = () => Prisma.sql`CAST(${new Date()} AS timestamp(3))`;

// A stable order keeps concurrent instances from locking the same rows in opposite orders.
// Within one identity, traits keep the order they were sent in: new ones get ids, and so
// appear in answers, in that order.
function byIdentity(a: IdentityRef, b: IdentityRef) {
  return (
    a.environmentId - b.environmentId ||
    (a.identifier < b.identifier ? -1 : a.identifier > b.identifier ? 1 : 0)
  );
}

function insertIdentities(refs: IdentityRef[]) {
  const rows = refs.map((ref) => ({ ...ref, uuid: generateTimeOrderedUuid() })).sort(byIdentity);
  return db.$executeRaw`
    INSERT INTO "Identity" ("uuid", "identifier", "environmentId", "createdAt")
    SELECT "uuid", "identifier", "environmentId", ${now()} FROM (${records(rows, { ...IDENTITY_COLUMNS, uuid: "text" })}) AS "new"
    ON CONFLICT ("environmentId", "identifier") DO NOTHING`;
}

function deleteTraits(deletes: TraitKeyRef[]) {
  return db.$executeRaw`
    DELETE FROM "Trait" WHERE "id" IN (
      SELECT "Trait"."id" FROM (${records(deletes, TRAIT_KEY_COLUMNS)}) AS "gone"
      JOIN "Identity" ON "Identity"."environmentId" = "gone"."environmentId"
        AND "Identity"."identifier" = "gone"."identifier"
      JOIN "Trait" ON "Trait"."identityId" = "Identity"."id" AND "Trait"."traitKey" = "gone"."traitKey")`;
}

function upsertTraits(upserts: TraitWrite[]) {
  const rows = [...upserts].sort(byIdentity).map((upsert, position) => ({ ...upsert, position }));
  return db.$executeRaw`
    INSERT INTO "Trait" ("identityId", "traitKey", "valueType", "value", "createdAt", "updatedAt")
    SELECT "Identity"."id", "new"."traitKey", "new"."valueType", "new"."value", ${now()}, ${now()}
    FROM (${records(rows, { ...TRAIT_COLUMNS, position: "int" })}) AS "new"
    JOIN "Identity" ON "Identity"."environmentId" = "new"."environmentId"
      AND "Identity"."identifier" = "new"."identifier"
    ORDER BY "new"."position"
    ON CONFLICT ("identityId", "traitKey") DO UPDATE SET
      "valueType" = excluded."valueType", "value" = excluded."value", "updatedAt" = excluded."updatedAt"
    WHERE "Trait"."valueType" <> excluded."valueType" OR "Trait"."value" <> excluded."value"`;
}

/** Every identity of the group that exists, with its traits as one JSON text each. */
function readIdentities(refs: IdentityRef[]) {
  return db.$queryRaw<Row[]>`
    SELECT "Identity"."id", "Identity"."environmentId", "Identity"."identifier",
      (SELECT coalesce(json_agg(json_build_array("id", "traitKey", "valueType", "value"))::text, '[]')
       FROM "Trait" WHERE "Trait"."identityId" = "Identity"."id") AS "traits"
    FROM (${records(refs, IDENTITY_COLUMNS)}) AS "wanted"
    JOIN "Identity" ON "Identity"."environmentId" = "wanted"."environmentId"
      AND "Identity"."identifier" = "wanted"."identifier"`;
}

function parseTraits(text: string): StoredTrait[] {
  const items = JSON.parse(text) as [number, string, string, string][];
  return items
    .map(([id, traitKey, valueType, value]) => ({ id, traitKey, valueType, value }))
    .sort((a, b) => a.id - b.id);
}

/** One group of calls for distinct identities, in one transaction sent as one batch. */
export async function runCallsOnPostgres(calls: IdentityCall[]): Promise<IdentityRecord[]> {
  const refs = calls.map(({ environmentId, identifier }) => ({ environmentId, identifier }));
  const creating = refs.filter((_, i) => calls[i].access !== "read");
  const deletes: TraitKeyRef[] = [];
  const upserts: TraitWrite[] = [];
  for (const { environmentId, identifier, access, traits } of calls) {
    if (access !== "write" || !traits?.length) continue;
    const plan = planTraitWrites(traits);
    for (const traitKey of plan.deletes) deletes.push({ environmentId, identifier, traitKey });
    for (const upsert of plan.upserts) upserts.push({ environmentId, identifier, ...upsert });
  }
  const writes = [
    ...(creating.length ? [insertIdentities(creating)] : []),
    ...(deletes.length ? [deleteTraits(deletes)] : []),
    ...(upserts.length ? [upsertTraits(upserts)] : []),
  ];
  const results = await db.$transaction([...writes, readIdentities(refs)]);
  const rows = results[results.length - 1] as Row[];

  const found = new Map<string, IdentityRecord>();
  for (const row of rows) {
    const key = identityKey({ environmentId: Number(row.environmentId), identifier: row.identifier });
    found.set(key, { identityId: Number(row.id), traits: parseTraits(row.traits) });
  }
  return calls.map((call) => found.get(identityKey(call)) ?? { identityId: null, traits: [] });
}
