// The process-wide SDK snapshot cache. Snapshots compile lazily, one compile per environment
// at a time and at most ENSIGN_MAX_CONCURRENT_COMPILES in all (a compile holds the rows it
// read and the snapshot it builds: many at once would exhaust the heap). Two invalidation
// paths keep them fresh:
// - this process's writes call touchEnvironments, whose listener marks snapshots stale as soon as
//   the write's transaction commits (lib/db/client.ts afterCommit);
//   Environments with open SSE streams are recompiled at once, so their streams hear of it;
// - on PostgreSQL, other instances' writes arrive by NOTIFY (lib/db/revision-channel.ts): the
//   named environments are invalidated and recompiled at once, pushing their SSE events;
// - a poller reads the revisions of cached environments every ENSIGN_REVISION_POLL_MS (250 ms,
//   one indexed query): the safety net for a lost notification, and the only path on SQLite
//   for a second process on the same file.
// The snapshots kept together cost at most ENSIGN_SNAPSHOT_CACHE_BYTES (snapshot.heapBytes);
// past it the least recently used are dropped. A request or stream that holds a dropped
// snapshot goes on with it; the next request compiles the environment again. Environments
// with open SSE streams (watchEnvironment) stay polled while dropped, and are compiled again
// when they change so that their streams hear of it.
// The store lives on globalThis because Next's route bundle and the custom server each load
// their own copy of this module.
import { hashServerKey } from "@/lib/keys";
import { listenForRevisionChanges, type ChangedEnvironments } from "@/lib/db/revision-channel";
import { onEnvironmentsChanged } from "@/lib/db/revision";
import { LIMITS } from "@/lib/limits/limits";
import { compileSnapshot } from "./compile";
import { findEnvironmentIdByKey, readRevisions } from "./load";
import { isServerKeyLive, type SdkSnapshot } from "./snapshot";

/** A setting that is not a positive integer keeps the default. */
export function readPollIntervalMs(env: Record<string, string | undefined>): number {
  const value = Number(env.ENSIGN_REVISION_POLL_MS);
  return Number.isSafeInteger(value) && value > 0 ? value : 250;
}
const POLL_INTERVAL_MS = readPollIntervalMs(process.env);
/** An unknown key is refused from memory this long, then looked up again. */
const MISS_TTL_MS = 500;
const MAX_MISSES = 10_000;

type Entry = {
  snapshot: SdkSnapshot | null;
  /** The revision last compiled, kept when the snapshot is dropped (the poller compares it). */
  revision: number | null;
  compiling: Promise<SdkSnapshot | null> | null;
  compilingGeneration: number;
  stale: boolean;
  /** Bumped by every invalidation, so a compile that raced one does not clear `stale`. */
  generation: number;
  keys: string[];
  /** Open SSE streams' hold on the environment: while positive, the entry is never forgotten. */
  watchers: number;
};

type CacheStore = {
  /** Least recently used first: a hit moves its entry to the end. */
  entries: Map<number, Entry>;
  /** The environment at the end of `entries` (the most recently used), if known. */
  newest?: number | null;
  keys: Map<string, number>;
  misses: Map<string, number>;
  /** heapBytes of the snapshots kept, all together. */
  bytes: number;
  /** Compiles running, and the compiles waiting for one of them to end. */
  compiles: number;
  waiting: (() => void)[];
  poller: ReturnType<typeof setInterval> | null;
  polling: boolean;
  unsubscribe: (() => void) | null;
  /** Stops the LISTEN connection (PostgreSQL). */
  unlisten: (() => void) | null;
  /** Told of every snapshot compiled (SSE streams announce changes from here). */
  compiled: Set<(snapshot: SdkSnapshot) => void>;
};

const store = ((globalThis as Record<symbol, CacheStore>)[Symbol.for("ensign.sdk.cache")] ??= {
  entries: new Map(),
  keys: new Map(),
  misses: new Map(),
  bytes: 0,
  compiles: 0,
  waiting: [],
  poller: null,
  polling: false,
  unsubscribe: null,
  unlisten: null,
  compiled: new Set(),
});

function entryFor(environmentId: number): Entry {
  let entry = store.entries.get(environmentId);
  if (!entry) {
    entry = {
      snapshot: null,
      revision: null,
      compiling: null,
      compilingGeneration: 0,
      stale: true,
      generation: 0,
      keys: [],
      watchers: 0,
    };
    store.entries.set(environmentId, entry);
    store.newest = environmentId;
  }
  return entry;
}

/**
 * Marks the entry most recently used. Usually it already is (one environment takes the
 * traffic), and then it stays put: moving it deletes and re-adds its key, and each time V8
 * rebuilds the Map's table, in the old space since the Map lives there, which filled the old
 * space with garbage on every SDK call and brought on its collections (issue 26).
 */
function touch(environmentId: number, entry: Entry) {
  if (store.newest === environmentId) return;
  store.entries.delete(environmentId);
  store.entries.set(environmentId, entry);
  store.newest = environmentId;
}

function indexKeys(entry: Entry, snapshot: SdkSnapshot | null) {
  for (const key of entry.keys) store.keys.delete(key);
  entry.keys = snapshot ? [snapshot.clientKey, ...snapshot.serverKeys.keys()] : [];
  for (const key of entry.keys) {
    store.keys.set(key, snapshot!.environmentId);
    store.misses.delete(key);
  }
}

function dropSnapshot(entry: Entry) {
  if (entry.snapshot) store.bytes -= entry.snapshot.heapBytes;
  entry.snapshot = null;
}

function forget(environmentId: number) {
  const entry = store.entries.get(environmentId);
  if (!entry) return;
  dropSnapshot(entry);
  indexKeys(entry, null);
  store.entries.delete(environmentId);
  if (store.newest === environmentId) store.newest = null;
}

/** Drops least recently used snapshots until the rest fit the budget. */
function evictOverBudget() {
  for (const [id, entry] of store.entries) {
    if (store.bytes <= LIMITS.snapshotCacheBytes) return;
    if (!entry.snapshot) continue;
    dropSnapshot(entry);
    entry.stale = true;
    if (entry.watchers === 0 && !entry.compiling) forget(id);
  }
}

function keep(environmentId: number, entry: Entry, snapshot: SdkSnapshot) {
  dropSnapshot(entry);
  entry.revision = snapshot.revision;
  // Larger than the whole budget: served to the requests that asked for it, never kept.
  if (snapshot.heapBytes > LIMITS.snapshotCacheBytes) {
    entry.stale = true;
    return;
  }
  entry.snapshot = snapshot;
  store.bytes += snapshot.heapBytes;
  indexKeys(entry, snapshot);
  touch(environmentId, entry);
  evictOverBudget();
}

/** Runs `task` when fewer than ENSIGN_MAX_CONCURRENT_COMPILES compiles are running. */
async function withCompileSlot<T>(task: () => Promise<T>): Promise<T> {
  if (store.compiles < LIMITS.snapshotCompiles) store.compiles += 1;
  // A finishing compile hands its slot straight to the first waiting one.
  else await new Promise<void>((resolve) => store.waiting.push(resolve));
  try {
    return await task();
  } finally {
    const next = store.waiting.shift();
    if (next) next();
    else store.compiles -= 1;
  }
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
  let generation = entry.generation;
  const run = withCompileSlot(() => {
    // Whatever was invalidated while this waited for a slot is read now.
    generation = entry.generation;
    entry.compilingGeneration = generation;
    return compileSnapshot(environmentId);
  })
    .then((snapshot) => {
      if (store.entries.get(environmentId) !== entry) return snapshot;
      if (!snapshot) {
        forget(environmentId);
        return null;
      }
      if (entry.generation === generation) entry.stale = false;
      keep(environmentId, entry, snapshot);
      for (const listener of store.compiled) listener(snapshot);
      return snapshot;
    })
    .catch((error: unknown) => {
      // Not compared by the poller until a request compiles it again: a snapshot that cannot
      // be built (too large) would otherwise be retried on every poll.
      entry.revision = null;
      throw error;
    })
    .finally(() => {
      entry.compiling = null;
      // A failed compile, or one whose snapshot was too large to keep, leaves nothing to hold.
      if (!entry.snapshot && entry.watchers === 0 && store.entries.get(environmentId) === entry) {
        forget(environmentId);
      }
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

/**
 * Keeps the environment polled while its snapshot may be dropped (an open SSE stream): a
 * change compiles it again, so onSnapshotCompiled hears of it. Returns the release.
 */
export function watchEnvironment(snapshot: Pick<SdkSnapshot, "environmentId" | "revision">): () => void {
  ensureStarted();
  const { environmentId } = snapshot;
  const entry = entryFor(environmentId);
  entry.revision ??= snapshot.revision;
  entry.watchers += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    entry.watchers -= 1;
    if (
      entry.watchers === 0 &&
      !entry.snapshot &&
      !entry.compiling &&
      store.entries.get(environmentId) === entry
    ) {
      forget(environmentId);
    }
  };
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
      else if (!entry.compiling && entry.revision !== null && entry.revision !== revision) {
        invalidateSnapshots([id]);
        // Recompile now, so the first request after another instance's write does not wait
        // (and the streams of a dropped snapshot hear of the change).
        void compile(id, entry).catch(() => undefined);
      }
    }
  } catch (error) {
    console.error("[ensign] SDK snapshot poll failed:", error);
  } finally {
    store.polling = false;
  }
}

/**
 * Invalidates the environments and recompiles at once those that `eager` picks, rather than
 * at their next request: their SSE streams hear of the change now.
 */
function refresh(environmentIds: ChangedEnvironments, eager: (entry: Entry) => boolean) {
  invalidateSnapshots(environmentIds);
  const ids = environmentIds === "all" ? [...store.entries.keys()] : environmentIds;
  for (const id of ids) {
    const entry = store.entries.get(id);
    // An entry whose compile failed (revision null) waits for a request, as the poll does.
    if (entry && (entry.revision !== null || entry.compiling) && eager(entry)) {
      void compile(id, entry).catch(() => undefined);
    }
  }
}

/** This process's write: only watched environments are compiled now, the rest on demand. */
const refreshLocal = (ids: ChangedEnvironments) => refresh(ids, (entry) => entry.watchers > 0);
/** Another instance's write (NOTIFY): every cached environment it names is compiled now. */
const refreshRemote = (ids: ChangedEnvironments) => refresh(ids, () => true);

function ensureStarted() {
  if (!store.unsubscribe) store.unsubscribe = onEnvironmentsChanged(refreshLocal);
  store.unlisten ??= listenForRevisionChanges({
    onChange: refreshRemote,
    onConnect: () => void pollRevisions(),
  });
  if (!store.poller) {
    store.poller = setInterval(() => void pollRevisions(), POLL_INTERVAL_MS);
    store.poller.unref?.();
  }
}

/** The current snapshot of an environment (compiling it if needed); null if it does not exist. */
export async function getSnapshot(environmentId: number): Promise<SdkSnapshot | null> {
  ensureStarted();
  const entry = entryFor(environmentId);
  if (entry.snapshot && !entry.stale) {
    touch(environmentId, entry);
    return entry.snapshot;
  }
  return compile(environmentId, entry);
}

/** heapBytes of the snapshots kept, all together (tests, diagnostics). */
export function snapshotCacheBytes(): number {
  return store.bytes;
}

/** `lookup` is the client key itself, or the sha256 of a server key (snapshot.serverKeys). */
function keyWorks(snapshot: SdkSnapshot, lookup: string, isServerKey: boolean): boolean {
  return isServerKey ? isServerKeyLive(snapshot, lookup) : snapshot.clientKey === lookup;
}

function rememberMiss(key: string) {
  if (store.misses.size >= MAX_MISSES) store.misses.clear();
  store.misses.set(key, Date.now() + MISS_TTL_MS);
}

const MAX_KEY_LENGTH = 200;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export type ResolvedKey = { snapshot: SdkSnapshot; isServerKey: boolean };

/**
 * The snapshot an X-Environment-Key opens, or null for an unknown, revoked or expired key.
 * Warm keys are answered from memory; unknown keys cost one indexed query per MISS_TTL_MS.
 */
/** What resolveEnvironmentKey answers for a key whose fresh snapshot is cached; else undefined. */
export function cachedEnvironmentKey(key: string): ResolvedKey | undefined {
  const isServerKey = key.startsWith("ser.");
  const lookup = isServerKey ? hashServerKey(key) : key;
  const known = store.keys.get(lookup);
  if (known === undefined) return undefined;
  const entry = store.entries.get(known);
  if (!entry?.snapshot || entry.stale || !keyWorks(entry.snapshot, lookup, isServerKey)) return undefined;
  ensureStarted();
  touch(known, entry);
  return { snapshot: entry.snapshot, isServerKey };
}

export async function resolveEnvironmentKey(key: string): Promise<ResolvedKey | null> {
  const isServerKey = key.startsWith("ser.");
  // Server keys are known by their sha256 only; from here on `lookup` stands for the key.
  const lookup = isServerKey ? hashServerKey(key) : key;
  const known = store.keys.get(lookup);
  if (known !== undefined) {
    const snapshot = await getSnapshot(known);
    if (snapshot && keyWorks(snapshot, lookup, isServerKey)) return { snapshot, isServerKey };
  }
  // No key Ensign issues is this long or holds a control character (a NUL, say, from an SSE
  // path, which PostgreSQL cannot even compare): such a key is unknown without a query.
  if (key.length > MAX_KEY_LENGTH || CONTROL_CHARACTER.test(key)) return null;
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
  store.unlisten?.();
  store.poller = null;
  store.unsubscribe = null;
  store.unlisten = null;
  store.entries.clear();
  store.newest = null;
  store.keys.clear();
  store.misses.clear();
  store.bytes = 0;
}
