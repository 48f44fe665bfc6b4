// The process-wide SDK snapshot cache. Snapshots compile lazily, one compile per environment
// at a time. Two invalidation paths keep them fresh:
// - this process's writes call touchEnvironments, whose listener marks snapshots stale as soon as
//   the write's transaction commits (lib/db/client.ts afterCommit);
// - a poller reads the revisions of cached environments every 250 ms (one indexed query), so
//   writes made by other instances on the same database are served within a second.
// The store lives on globalThis because Next's route bundle and the custom server each load
// their own copy of this module.
import { hashServerKey } from "@/lib/auth/server-key-hash";
import { onEnvironmentsChanged } from "@/lib/environments/revision";
import { compileSnapshot } from "./compile";
import { findEnvironmentIdByKey, readRevisions } from "./load";
import { isServerKeyLive, type SdkSnapshot } from "./snapshot";

const POLL_INTERVAL_MS = 250;
/** An unknown key is refused from memory this long, then looked up again. */
const MISS_TTL_MS = 500;
const MAX_MISSES = 10_000;

type Entry = {
  snapshot: SdkSnapshot | null;
  compiling: Promise<SdkSnapshot | null> | null;
  compilingGeneration: number;
  stale: boolean;
  /** Bumped by every invalidation, so a compile that raced one does not clear `stale`. */
  generation: number;
  keys: string[];
};

type CacheStore = {
  entries: Map<number, Entry>;
  keys: Map<string, number>;
  misses: Map<string, number>;
  poller: ReturnType<typeof setInterval> | null;
  polling: boolean;
  unsubscribe: (() => void) | null;
  /** Told of every snapshot compiled (SSE streams announce changes from here). */
  compiled: Set<(snapshot: SdkSnapshot) => void>;
};

const store = ((globalThis as Record<symbol, CacheStore>)[Symbol.for("ensign.sdk.cache")] ??= {
  entries: new Map(),
  keys: new Map(),
  misses: new Map(),
  poller: null,
  polling: false,
  unsubscribe: null,
  compiled: new Set(),
});

function entryFor(environmentId: number): Entry {
  let entry = store.entries.get(environmentId);
  if (!entry) {
    entry = { snapshot: null, compiling: null, compilingGeneration: 0, stale: true, generation: 0, keys: [] };
    store.entries.set(environmentId, entry);
  }
  return entry;
}

function indexKeys(entry: Entry, snapshot: SdkSnapshot | null) {
  for (const key of entry.keys) store.keys.delete(key);
  entry.keys = snapshot ? [snapshot.clientKey, ...snapshot.serverKeys.keys()] : [];
  for (const key of entry.keys) {
    store.keys.set(key, snapshot!.environmentId);
    store.misses.delete(key);
  }
}

function forget(environmentId: number) {
  const entry = store.entries.get(environmentId);
  if (!entry) return;
  indexKeys(entry, null);
  store.entries.delete(environmentId);
}

function compile(environmentId: number, entry: Entry): Promise<SdkSnapshot | null> {
  if (entry.compiling) {
    if (entry.compilingGeneration === entry.generation) return entry.compiling;
    // That compile started before the latest invalidation and may have read older data.
    return entry.compiling.then(
      () => compile(environmentId, entry),
      () => compile(environmentId, entry),
    );
  }
  const generation = entry.generation;
  const run = compileSnapshot(environmentId)
    .then((snapshot) => {
      if (store.entries.get(environmentId) !== entry) return snapshot;
      if (!snapshot) {
        forget(environmentId);
        return null;
      }
      entry.snapshot = snapshot;
      indexKeys(entry, snapshot);
      if (entry.generation === generation) entry.stale = false;
      for (const listener of store.compiled) listener(snapshot);
      return snapshot;
    })
    .finally(() => {
      entry.compiling = null;
    });
  entry.compiling = run;
  entry.compilingGeneration = generation;
  return run;
}

/**
 * Calls `listener` with every snapshot compiled from now on, whichever path compiled it (a
 * request after this process's write, or the revision poll after another instance's write).
 */
export function onSnapshotCompiled(listener: (snapshot: SdkSnapshot) => void): () => void {
  store.compiled.add(listener);
  return () => store.compiled.delete(listener);
}

/** Marks snapshots stale: the next request recompiles. "all" for writes that span projects. */
export function invalidateSnapshots(environmentIds: number[] | "all") {
  const ids = environmentIds === "all" ? [...store.entries.keys()] : environmentIds;
  for (const id of ids) {
    const entry = store.entries.get(id);
    if (!entry) continue;
    entry.stale = true;
    entry.generation += 1;
  }
}

async function pollRevisions() {
  if (store.polling || store.entries.size === 0) return;
  store.polling = true;
  try {
    const ids = [...store.entries.keys()];
    const revisions = await readRevisions(ids);
    for (const id of ids) {
      const entry = store.entries.get(id);
      if (!entry) continue;
      const revision = revisions.get(id);
      if (revision === undefined) forget(id);
      // An environment already compiling is left alone: its result is checked on the next poll.
      else if (!entry.compiling && entry.snapshot && entry.snapshot.revision !== revision) {
        invalidateSnapshots([id]);
        // Recompile now, so the first request after another instance's write does not wait.
        void compile(id, entry).catch(() => undefined);
      }
    }
  } catch (error) {
    console.error("[ensign] SDK snapshot poll failed:", error);
  } finally {
    store.polling = false;
  }
}

function ensureStarted() {
  if (!store.unsubscribe) store.unsubscribe = onEnvironmentsChanged(invalidateSnapshots);
  if (!store.poller) {
    store.poller = setInterval(() => void pollRevisions(), POLL_INTERVAL_MS);
    store.poller.unref?.();
  }
}

/** The current snapshot of an environment (compiling it if needed); null if it does not exist. */
export async function getSnapshot(environmentId: number): Promise<SdkSnapshot | null> {
  ensureStarted();
  const entry = entryFor(environmentId);
  if (entry.snapshot && !entry.stale) return entry.snapshot;
  return compile(environmentId, entry);
}

/** `lookup` is the client key itself, or the sha256 of a server key (snapshot.serverKeys). */
function keyWorks(snapshot: SdkSnapshot, lookup: string, isServerKey: boolean): boolean {
  return isServerKey ? isServerKeyLive(snapshot, lookup) : snapshot.clientKey === lookup;
}

function rememberMiss(key: string) {
  if (store.misses.size >= MAX_MISSES) store.misses.clear();
  store.misses.set(key, Date.now() + MISS_TTL_MS);
}

export type ResolvedKey = { snapshot: SdkSnapshot; isServerKey: boolean };

/**
 * The snapshot an X-Environment-Key opens, or null for an unknown, revoked or expired key.
 * Warm keys are answered from memory; unknown keys cost one indexed query per MISS_TTL_MS.
 */
export async function resolveEnvironmentKey(key: string): Promise<ResolvedKey | null> {
  const isServerKey = key.startsWith("ser.");
  // Server keys are known by their sha256 only; from here on `lookup` stands for the key.
  const lookup = isServerKey ? hashServerKey(key) : key;
  const known = store.keys.get(lookup);
  if (known !== undefined) {
    const snapshot = await getSnapshot(known);
    if (snapshot && keyWorks(snapshot, lookup, isServerKey)) return { snapshot, isServerKey };
  }
  const missUntil = store.misses.get(lookup);
  if (missUntil !== undefined && missUntil > Date.now()) return null;
  const environmentId = await findEnvironmentIdByKey(key, isServerKey ? lookup : undefined);
  if (environmentId === null) {
    rememberMiss(lookup);
    return null;
  }
  let snapshot = await getSnapshot(environmentId);
  // A server key created after the snapshot was compiled: its creation does not bump the
  // revision, so recompile once to pick it up.
  if (snapshot && !keyWorks(snapshot, lookup, isServerKey)) {
    invalidateSnapshots([environmentId]);
    snapshot = await getSnapshot(environmentId);
  }
  if (!snapshot || !keyWorks(snapshot, lookup, isServerKey)) {
    rememberMiss(lookup);
    return null;
  }
  return { snapshot, isServerKey };
}

/** Drops every snapshot and stops the poller (tests, shutdown). */
export function resetSnapshotCache() {
  if (store.poller) clearInterval(store.poller);
  store.unsubscribe?.();
  store.poller = null;
  store.unsubscribe = null;
  store.entries.clear();
  store.keys.clear();
  store.misses.clear();
}
