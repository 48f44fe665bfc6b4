// The only per-request database work of the SDK identity endpoints: the identity row and its
// stored traits. Calls are grouped (group-commit.ts) and each group runs as one transaction of
// a few set-based statements, whatever its size: find the identities, insert the missing ones,
// read their traits, delete and upsert the changed traits. Creation is race-free across
// instances: inserts use ON CONFLICT DO NOTHING on the (environmentId, identifier) unique
// constraint and re-read what a concurrent writer created.
//
// The statements are raw SQL through Prisma because Prisma's query builder has no multi-row
// upsert; they are plain SQL that SQLite and PostgreSQL both accept.
import { db, Prisma, type Tx } from "@/lib/db/client";
import { generateUuid } from "@/lib/keys";
import { createGroupCommit } from "./group-commit";
import type { IncomingTrait } from "./parse";
import { planTraitWrites, type StoredTrait, type TraitWritePlan } from "./trait-plan";

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
  created: boolean;
  /** The stored traits after this call's writes, in id order. */
  traits: StoredTrait[];
};

const MAX_BATCH = 256;
// Well under SQLite's (32,766) and PostgreSQL's (65,535) limits on bound parameters.
const MAX_PARAMS = 8_000;

function chunk<T>(items: T[], paramsPerItem: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS / paramsPerItem));
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

const identityKey = (environmentId: number, identifier: string) => `${environmentId}:${identifier}`;

type IdentityRow = { id: number | bigint; environmentId: number | bigint; identifier: string };
type TraitRow = {
  id: number | bigint;
  identityId: number | bigint;
  traitKey: string;
  valueType: string;
  value: string;
};

const toStored = (row: TraitRow): StoredTrait => ({
  id: Number(row.id),
  traitKey: row.traitKey,
  valueType: row.valueType,
  value: row.value,
});

async function findIdentities(tx: Tx, calls: IdentityCall[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const byEnvironment = new Map<number, string[]>();
  for (const call of calls) {
    const list = byEnvironment.get(call.environmentId) ?? [];
    list.push(call.identifier);
    byEnvironment.set(call.environmentId, list);
  }
  for (const [environmentId, identifiers] of byEnvironment) {
    for (const part of chunk(identifiers, 1)) {
      const rows = await tx.$queryRaw<IdentityRow[]>`
        SELECT "id", "environmentId", "identifier" FROM "Identity"
        WHERE "environmentId" = ${environmentId} AND "identifier" IN (${Prisma.join(part)})`;
      for (const row of rows) found.set(identityKey(environmentId, row.identifier), Number(row.id));
    }
  }
  return found;
}

/** Inserts the missing identities; returns the keys this call created. */
async function createIdentities(tx: Tx, missing: IdentityCall[], found: Map<string, number>) {
  const created = new Set<string>();
  // A stable order keeps concurrent instances from locking the same rows in opposite orders.
  const sorted = [...missing].sort(
    (a, b) => a.environmentId - b.environmentId || (a.identifier < b.identifier ? -1 : 1),
  );
  const now = new Date();
  for (const part of chunk(sorted, 4)) {
    const values = part.map(
      (c) => Prisma.sql`(${generateUuid()}, ${c.identifier}, ${c.environmentId}, ${now})`,
    );
    const rows = await tx.$queryRaw<IdentityRow[]>`
      INSERT INTO "Identity" ("uuid", "identifier", "environmentId", "createdAt")
      VALUES ${Prisma.join(values)}
      ON CONFLICT ("environmentId", "identifier") DO NOTHING
      RETURNING "id", "environmentId", "identifier"`;
    for (const row of rows) {
      const key = identityKey(Number(row.environmentId), row.identifier);
      found.set(key, Number(row.id));
      created.add(key);
    }
  }
  // Created meanwhile by another instance: read them.
  const raced = missing.filter((c) => !found.has(identityKey(c.environmentId, c.identifier)));
  if (raced.length) for (const [key, id] of await findIdentities(tx, raced)) found.set(key, id);
  return created;
}

async function loadTraits(tx: Tx, identityIds: number[]): Promise<Map<number, StoredTrait[]>> {
  const byIdentity = new Map<number, StoredTrait[]>();
  for (const part of chunk(identityIds, 1)) {
    const rows = await tx.$queryRaw<TraitRow[]>`
      SELECT "id", "identityId", "traitKey", "valueType", "value" FROM "Trait"
      WHERE "identityId" IN (${Prisma.join(part)}) ORDER BY "id"`;
    for (const row of rows) {
      const id = Number(row.identityId);
      byIdentity.set(id, [...(byIdentity.get(id) ?? []), toStored(row)]);
    }
  }
  return byIdentity;
}

type TraitChange = { identityId: number; traitKey: string; valueType: string; value: string };

async function deleteTraits(tx: Tx, deletes: { identityId: number; traitKey: string }[]) {
  for (const part of chunk(deletes, 2)) {
    const pairs = part.map(
      (d) => Prisma.sql`("identityId" = ${d.identityId} AND "traitKey" = ${d.traitKey})`,
    );
    await tx.$executeRaw`DELETE FROM "Trait" WHERE ${Prisma.join(pairs, " OR ")}`;
  }
}

async function upsertTraits(tx: Tx, upserts: TraitChange[]): Promise<Map<string, StoredTrait>> {
  const written = new Map<string, StoredTrait>();
  // By identity (as identities are inserted), keeping each call's own order within an identity:
  // new traits get ids, and so answer, in the order they were sent.
  const sorted = [...upserts].sort((a, b) => a.identityId - b.identityId);
  const now = new Date();
  for (const part of chunk(sorted, 6)) {
    const values = part.map(
      (t) => Prisma.sql`(${t.identityId}, ${t.traitKey}, ${t.valueType}, ${t.value}, ${now}, ${now})`,
    );
    const rows = await tx.$queryRaw<TraitRow[]>`
      INSERT INTO "Trait" ("identityId", "traitKey", "valueType", "value", "createdAt", "updatedAt")
      VALUES ${Prisma.join(values)}
      ON CONFLICT ("identityId", "traitKey") DO UPDATE SET
        "valueType" = excluded."valueType", "value" = excluded."value", "updatedAt" = excluded."updatedAt"
      RETURNING "id", "identityId", "traitKey", "valueType", "value"`;
    for (const row of rows) written.set(`${Number(row.identityId)}:${row.traitKey}`, toStored(row));
  }
  return written;
}

/** One group of calls with distinct identities, in one transaction. */
async function runCalls(tx: Tx, calls: IdentityCall[]): Promise<IdentityRecord[]> {
  const found = await findIdentities(tx, calls);
  const missing = calls.filter(
    (c) => c.access !== "read" && !found.has(identityKey(c.environmentId, c.identifier)),
  );
  const created = missing.length ? await createIdentities(tx, missing, found) : new Set<string>();
  const idOf = (c: IdentityCall) => found.get(identityKey(c.environmentId, c.identifier)) ?? null;

  const existing = calls.map(idOf).filter((id, i): id is number => {
    const call = calls[i];
    return id !== null && !created.has(identityKey(call.environmentId, call.identifier));
  });
  const stored = existing.length ? await loadTraits(tx, existing) : new Map<number, StoredTrait[]>();

  const plans = new Map<number, TraitWritePlan>();
  const deletes: { identityId: number; traitKey: string }[] = [];
  const upserts: TraitChange[] = [];
  for (const call of calls) {
    const identityId = idOf(call);
    if (call.access !== "write" || identityId === null) continue;
    const plan = planTraitWrites(stored.get(identityId) ?? [], call.traits ?? []);
    plans.set(identityId, plan);
    for (const traitKey of plan.deletes) deletes.push({ identityId, traitKey });
    for (const upsert of plan.upserts) upserts.push({ identityId, ...upsert });
  }
  if (deletes.length) await deleteTraits(tx, deletes);
  const written = upserts.length ? await upsertTraits(tx, upserts) : new Map<string, StoredTrait>();

  return calls.map((call) => {
    const identityId = idOf(call);
    if (identityId === null) return { identityId: null, created: false, traits: [] };
    const before = stored.get(identityId) ?? [];
    const plan = plans.get(identityId);
    const traits = plan ? applyPlan(identityId, before, plan, written) : before;
    return { identityId, created: created.has(identityKey(call.environmentId, call.identifier)), traits };
  });
}

function applyPlan(
  identityId: number,
  before: StoredTrait[],
  plan: TraitWritePlan,
  written: Map<string, StoredTrait>,
): StoredTrait[] {
  const changed = new Set([...plan.deletes, ...plan.upserts.map((t) => t.traitKey)]);
  const rewritten = plan.upserts.map((t) => written.get(`${identityId}:${t.traitKey}`)!);
  return [...before.filter((t) => !changed.has(t.traitKey)), ...rewritten].sort((a, b) => a.id - b.id);
}

const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 30_000 };

type StoreGlobal = { group?: ReturnType<typeof createGroupCommit<IdentityCall, IdentityRecord>> };
// One queue per process, shared by the fast lane and Next's route bundle (see lib/db/client.ts).
const store = ((globalThis as Record<symbol, StoreGlobal>)[Symbol.for("ensign.identity.store")] ??= {});

/** Finds, creates and writes an identity as `call.access` says, grouped with concurrent calls. */
export function accessIdentity(call: IdentityCall): Promise<IdentityRecord> {
  store.group ??= createGroupCommit<IdentityCall, IdentityRecord>({
    run: (calls) => db.$transaction((tx: Tx) => runCalls(tx, calls), TRANSACTION_OPTIONS),
    keyOf: (call) => identityKey(call.environmentId, call.identifier),
    maxBatch: MAX_BATCH,
  });
  return store.group.submit(call);
}
