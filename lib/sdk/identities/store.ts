// The only per-request database work of the SDK identity endpoints: the identity row and its
// stored traits. Calls are grouped (group-commit.ts): those that arrive while the store is busy
// run together in one transaction, and each is answered once that transaction has committed.
// On SQLite a group runs as prepared statements on Prisma's connection (store-sqlite.ts); on
// PostgreSQL as a few set-based statements in one Prisma batch (store-postgres.ts).
import { sqliteConnection } from "@/lib/db/client";
import { createGroupCommit } from "./group-commit";
import type { IncomingTrait } from "./parse";
import { runCallsOnPostgres } from "./store-postgres";
import { runCallsOnSqlite } from "./store-sqlite";
import type { StoredTrait } from "./trait-plan";

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

/** One group of calls for distinct identities, in one transaction. */
async function runCalls(calls: IdentityCall[]): Promise<IdentityRecord[]> {
  const sqlite = await sqliteConnection();
  if (sqlite) return sqlite.exclusive((database) => runCallsOnSqlite(database, calls));
  return runCallsOnPostgres(calls);
}

type StoreGlobal = { group?: ReturnType<typeof createGroupCommit<IdentityCall, IdentityRecord>> };
// One queue per process, shared by the fast lane and Next's route bundle (see lib/db/client.ts).
const store = ((globalThis as Record<symbol, StoreGlobal>)[Symbol.for("ensign.identity.store")] ??= {});

/** Finds, creates and writes an identity as `call.access` says, grouped with concurrent calls. */
export function accessIdentity(call: IdentityCall): Promise<IdentityRecord> {
  store.group ??= createGroupCommit<IdentityCall, IdentityRecord>({
    run: runCalls,
    keyOf: (call) => `${call.environmentId}:${call.identifier}`,
    maxBatch: MAX_BATCH,
  });
  return store.group.submit(call);
}
