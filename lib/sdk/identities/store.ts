// The only per-request database work of the SDK identity endpoints: the identity row and its
// stored traits. Calls are grouped (lib/sdk/group-commit.ts): those that arrive while the store is busy
// run together in one transaction, and each is answered once that transaction has committed.
// On SQLite a group runs as prepared statements on Prisma's connection (store-sqlite.ts); on
// PostgreSQL as a few set-based statements in one Prisma batch (store-postgres.ts).
import { databaseUrl, isPostgresUrl, sqliteConnection } from "@/lib/db/client";
import { createGroupCommit } from "../group-commit";
import type { IdentityCall, IdentityRecord } from "./identity-call";
import { identityKey } from "./identity-call";
import { runCallsOnPostgres } from "./store-postgres";
import { runCallsOnSqlite } from "./store-sqlite";
import type { StoredTrait } from "./trait-plan";

export type { StoredTrait };
export type { IdentityAccess, IdentityCall, IdentityRecord } from "./identity-call";

// On SQLite a group runs synchronously on the event loop, so its size bounds how long it holds
// the loop: the open-loop bench saw single transactions of up to 256 identities hold it for
// 100–600 ms on an overloaded machine. 64 keeps a slice short while still sharing one commit
// among many calls. On PostgreSQL a group is a few set-based statements awaited off the loop.
const MAX_BATCH_SQLITE = 64;
const MAX_BATCH_POSTGRES = 256;

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
    keyOf: identityKey,
    maxBatch: isPostgresUrl(databaseUrl()) ? MAX_BATCH_POSTGRES : MAX_BATCH_SQLITE,
  });
  return store.group.submit(call);
}
