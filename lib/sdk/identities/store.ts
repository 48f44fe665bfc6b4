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

// A group's fixed cost (BEGIN, COMMIT, the WAL frames of the pages it touched, the promises around
// it) is shared by its calls. On SQLite, under a steady stream of calls (one every few ms or
// faster), a group therefore waits a few milliseconds for the next calls to join it: at 1,000
// identity calls a second this cut the server's CPU per call by about 14% (README, Performance),
// for about as many ms of added median latency. PostgreSQL groups already gather the calls that
// arrive during the previous group's round trips.
const DEFAULT_GATHER_MS_SQLITE = 4;

/** ENSIGN_IDENTITY_GATHER_MS, else the default of the database in use (0 on PostgreSQL). */
export function identityGatherMs(
  postgres: boolean,
  env: Record<string, string | undefined> = process.env,
): number {
  const raw = env.ENSIGN_IDENTITY_GATHER_MS;
  if (raw === undefined || raw === "") return postgres ? 0 : DEFAULT_GATHER_MS_SQLITE;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 100)
    throw new Error(`ENSIGN_IDENTITY_GATHER_MS must be an integer from 0 to 100, not "${raw}"`);
  return value;
}

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
  if (!store.group) {
    const postgres = isPostgresUrl(databaseUrl());
    store.group = createGroupCommit<IdentityCall, IdentityRecord>({
      run: runCalls,
      keyOf: identityKey,
      maxBatch: postgres ? MAX_BATCH_POSTGRES : MAX_BATCH_SQLITE,
      gatherMs: identityGatherMs(postgres),
    });
  }
  return store.group.submit(call);
}
