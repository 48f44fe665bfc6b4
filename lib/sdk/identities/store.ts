// The only per-request database work of the SDK identity endpoints: the identity row and its
// stored traits. Calls are grouped (group-commit.ts) and each group runs as one transaction of
// at most four set-based statements, whatever its size, none of which waits on another's
// result: insert the missing identities, delete the traits sent as null, upsert the others
// (skipping values already stored), then read every identity of the group with its traits.
//
// Creation is race-free across instances: inserts use ON CONFLICT DO NOTHING on the
// (environmentId, identifier) unique constraint, and trait writes find their identity by that
// same key, so they apply to whichever instance's row won. The statements are raw SQL through
// Prisma because its query builder has no multi-row upsert; rows travel as one JSON parameter
// (lib/db/json-rows.ts).
import { db } from "@/lib/db/client";
import { jsonArrayAgg, jsonRecords, sqlTimestamp } from "@/lib/db/json-rows";
import { generateTimeOrderedUuid } from "@/lib/keys";
import { createGroupCommit } from "./group-commit";
import type { IncomingTrait } from "./parse";
import { planTraitWrites, type StoredTrait } from "./trait-plan";

export type { StoredTrait };

/**
 * read: find the identity, never create it (transient calls); create: find or create it;
 * write: find or create it, then store `traits` (null values delete).
 */
export type IdentityAccess = "read" | "create" | "write";

export type IdentityCall = {
  environmentId: number;
  identifier: string;
  access: IdentityAccess;
  traits?: IncomingTrait[];
};

export type IdentityRecord = {
  /** null only for a `read` of an identity that does not exist. */
  identityId: number | null;
  /** The stored traits after this call's writes, in id order. */
  traits: StoredTrait[];
};

const MAX_BATCH = 256;

const identityKey = (environmentId: number, identifier: string) => `${environmentId}:${identifier}`;

const IDENTITY_COLUMNS = { environmentId: "int", identifier: "text" } as const;
const TRAIT_KEY_COLUMNS = { ...IDENTITY_COLUMNS, traitKey: "text" } as const;
const TRAIT_COLUMNS = { ...TRAIT_KEY_COLUMNS, valueType: "text", value: "text" } as const;

type IdentityRef = { environmentId: number; identifier: string };
type TraitKeyRef = IdentityRef & { traitKey: string };
type TraitWrite = TraitKeyRef & { valueType: string; value: string };

type Row = { id: number | bigint; environmentId: number | bigint; identifier: string; traits: string };

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
  const records = jsonRecords(rows, { ...IDENTITY_COLUMNS, uuid: "text" });
  return db.$executeRaw`
    INSERT INTO "Identity" ("uuid", "identifier", "environmentId", "createdAt")
    SELECT "uuid", "identifier", "environmentId", ${sqlTimestamp(new Date())} FROM (${records}) AS "new" WHERE true
    ON CONFLICT ("environmentId", "identifier") DO NOTHING`;
}

function deleteTraits(deletes: TraitKeyRef[]) {
  const records = jsonRecords(deletes, TRAIT_KEY_COLUMNS);
  return db.$executeRaw`
    DELETE FROM "Trait" WHERE "id" IN (
      SELECT "Trait"."id" FROM (${records}) AS "gone"
      JOIN "Identity" ON "Identity"."environmentId" = "gone"."environmentId"
        AND "Identity"."identifier" = "gone"."identifier"
      JOIN "Trait" ON "Trait"."identityId" = "Identity"."id" AND "Trait"."traitKey" = "gone"."traitKey")`;
}

function upsertTraits(upserts: TraitWrite[]) {
  const rows = [...upserts].sort(byIdentity).map((upsert, position) => ({ ...upsert, position }));
  const records = jsonRecords(rows, { ...TRAIT_COLUMNS, position: "int" });
  const now = sqlTimestamp(new Date());
  return db.$executeRaw`
    INSERT INTO "Trait" ("identityId", "traitKey", "valueType", "value", "createdAt", "updatedAt")
    SELECT "Identity"."id", "new"."traitKey", "new"."valueType", "new"."value", ${now}, ${now}
    FROM (${records}) AS "new"
    JOIN "Identity" ON "Identity"."environmentId" = "new"."environmentId"
      AND "Identity"."identifier" = "new"."identifier"
    WHERE true ORDER BY "new"."position"
    ON CONFLICT ("identityId", "traitKey") DO UPDATE SET
      "valueType" = excluded."valueType", "value" = excluded."value", "updatedAt" = excluded."updatedAt"
    WHERE "Trait"."valueType" <> excluded."valueType" OR "Trait"."value" <> excluded."value"`;
}

/** Every identity of the group that exists, with its traits as JSON text. */
function readIdentities(refs: IdentityRef[]) {
  const records = jsonRecords(refs, IDENTITY_COLUMNS);
  return db.$queryRaw<Row[]>`
    SELECT "Identity"."id", "Identity"."environmentId", "Identity"."identifier",
      (SELECT ${jsonArrayAgg(['"id"', '"traitKey"', '"valueType"', '"value"'])} FROM "Trait" WHERE "Trait"."identityId" = "Identity"."id") AS "traits"
    FROM (${records}) AS "wanted"
    JOIN "Identity" ON "Identity"."environmentId" = "wanted"."environmentId"
      AND "Identity"."identifier" = "wanted"."identifier"`;
}

function parseTraits(text: string): StoredTrait[] {
  const items = JSON.parse(text) as [number, string, string, string][];
  return items
    .map(([id, traitKey, valueType, value]) => ({ id, traitKey, valueType, value }))
    .sort((a, b) => a.id - b.id);
}

/**
 * One group of calls for distinct identities, in one transaction. No statement needs the result
 * of another, so they go to the database as one batch.
 */
async function runCalls(calls: IdentityCall[]): Promise<IdentityRecord[]> {
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
    const key = identityKey(Number(row.environmentId), row.identifier);
    found.set(key, { identityId: Number(row.id), traits: parseTraits(row.traits) });
  }
  return calls.map(
    (call) => found.get(identityKey(call.environmentId, call.identifier)) ?? { identityId: null, traits: [] },
  );
}

type StoreGlobal = { group?: ReturnType<typeof createGroupCommit<IdentityCall, IdentityRecord>> };
// One queue per process, shared by the fast lane and Next's route bundle (see lib/db/client.ts).
const store = ((globalThis as Record<symbol, StoreGlobal>)[Symbol.for("ensign.identity.store")] ??= {});

/** Finds, creates and writes an identity as `call.access` says, grouped with concurrent calls. */
export function accessIdentity(call: IdentityCall): Promise<IdentityRecord> {
  store.group ??= createGroupCommit<IdentityCall, IdentityRecord>({
    run: runCalls,
    keyOf: (call) => identityKey(call.environmentId, call.identifier),
    maxBatch: MAX_BATCH,
  });
  return store.group.submit(call);
}
