import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hashServerKey } from "@/lib/keys";
import type { SdkSnapshot } from "./snapshot";

const db = vi.hoisted(() => {
  // Read by lib/limits/limits.ts when the cache module loads.
  process.env.ENSIGN_SNAPSHOT_CACHE_BYTES = "1000";
  process.env.ENSIGN_MAX_CONCURRENT_COMPILES = "2";
  return {
    revisions: new Map<number, number>(),
    /** heapBytes of each environment's snapshot (100 when not set). */
    sizes: new Map<number, number>(),
    running: 0,
    mostRunning: 0,
    keys: new Map<string, number>(),
    serverKeys: new Map<number, string[]>(),
    compiles: 0,
    keyLookups: 0,
    listener: null as null | ((ids: number[] | "all") => void),
    /** Another instance's NOTIFY (lib/db/revision-channel.ts). */
    remote: null as null | { onChange: (ids: number[] | "all") => void; onConnect: () => void },
  };
});

const snapshotOf = (id: number): SdkSnapshot =>
  ({
    environmentId: id,
    revision: db.revisions.get(id),
    clientKey: `client-${id}`,
    heapBytes: db.sizes.get(id) ?? 100,
    serverKeys: new Map((db.serverKeys.get(id) ?? []).map((k) => [hashServerKey(k), null])),
  }) as unknown as SdkSnapshot;

vi.mock("./compile", () => ({
  compileSnapshot: vi.fn(async (id: number) => {
    db.compiles += 1;
    db.running += 1;
    db.mostRunning = Math.max(db.mostRunning, db.running);
    // Read at the start, like a transaction's snapshot: later writes are not in it.
    const snapshot = db.revisions.has(id) ? snapshotOf(id) : null;
    await new Promise((r) => setTimeout(r, 5));
    db.running -= 1;
    return snapshot;
  }),
}));
vi.mock("./load", () => ({
  findEnvironmentIdByKey: vi.fn(async (key: string) => {
    db.keyLookups += 1;
    return db.keys.get(key) ?? null;
  }),
  readRevisions: vi.fn(
    async (ids: number[]) =>
      new Map(ids.filter((i) => db.revisions.has(i)).map((i) => [i, db.revisions.get(i)!])),
  ),
}));
vi.mock("@/lib/db/revision", () => ({
  onEnvironmentsChanged: (listener: (ids: number[] | "all") => void) => {
    db.listener = listener;
    return () => (db.listener = null);
  },
}));

vi.mock("@/lib/db/revision-channel", () => ({
  listenForRevisionChanges: (listener: NonNullable<typeof db.remote>) => {
    db.remote = listener;
    return () => (db.remote = null);
  },
}));

const {
  getSnapshot,
  onSnapshotCompiled,
  resetSnapshotCache,
  resolveEnvironmentKey,
  snapshotCacheBytes,
  watchEnvironment,
} = await import("./cache");

beforeEach(() => {
  db.revisions = new Map([[1, 1]]);
  db.keys = new Map([["client-1", 1]]);
  db.serverKeys = new Map();
  db.sizes = new Map();
  db.mostRunning = 0;
  db.compiles = 0;
  db.keyLookups = 0;
});
afterEach(() => resetSnapshotCache());

describe("SDK snapshot cache", () => {
  it("compiles once for concurrent first requests and then serves from memory", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => resolveEnvironmentKey("client-1")));
    expect(results.every((r) => r?.snapshot.environmentId === 1 && r.isServerKey === false)).toBe(true);
    expect(db.compiles).toBe(1);
    const lookups = db.keyLookups;
    await resolveEnvironmentKey("client-1");
    expect(db.keyLookups).toBe(lookups);
    expect(db.compiles).toBe(1);
  });

  it("recompiles after a same-process invalidation, even one that lands mid-compile", async () => {
    await getSnapshot(1);
    db.revisions.set(1, 2);
    db.listener!([1]);
    expect((await getSnapshot(1))?.revision).toBe(2);
    db.revisions.set(1, 3);
    db.listener!([1]);
    const during = getSnapshot(1);
    db.revisions.set(1, 4);
    db.listener!([1]);
    expect((await during)?.revision).toBe(3);
    expect((await getSnapshot(1))?.revision).toBe(4);
  });

  it("notices another instance's write through the revision poller", async () => {
    await getSnapshot(1);
    db.revisions.set(1, 9);
    await vi.waitFor(async () => expect((await getSnapshot(1))?.revision).toBe(9), { timeout: 1000 });
  });

  it("recompiles at once the environments another instance's NOTIFY names, without a request", async () => {
    await getSnapshot(1);
    db.revisions.set(2, 1);
    await getSnapshot(2);
    const compiled: number[] = [];
    const stop = onSnapshotCompiled((snapshot) => compiled.push(snapshot.environmentId));
    try {
      db.revisions.set(1, 5);
      db.revisions.set(2, 5);
      db.remote!.onChange([1]);
      await vi.waitFor(() => expect(compiled).toEqual([1]), { timeout: 1000 });
      db.remote!.onChange("all");
      await vi.waitFor(() => expect(compiled.sort()).toEqual([1, 1, 2]), { timeout: 1000 });
      expect((await getSnapshot(2))?.revision).toBe(5);
      // An environment this process never served is not compiled for another's write.
      db.revisions.set(3, 1);
      db.remote!.onChange([3]);
      expect(compiled).toHaveLength(3);
    } finally {
      stop();
    }
  });

  it("recompiles a watched environment at once after this process's write, the others on demand", async () => {
    const watched = await getSnapshot(1);
    db.revisions.set(2, 1);
    await getSnapshot(2);
    const release = watchEnvironment(watched!);
    const compiled: number[] = [];
    const stop = onSnapshotCompiled((snapshot) => compiled.push(snapshot.environmentId));
    try {
      db.revisions.set(1, 2);
      db.revisions.set(2, 2);
      const before = db.compiles;
      db.listener!([1, 2]);
      await vi.waitFor(() => expect(compiled).toEqual([1]), { timeout: 1000 });
      expect(db.compiles).toBe(before + 1);
      expect((await getSnapshot(2))?.revision).toBe(2);
    } finally {
      stop();
      release();
    }
  });

  it("refuses unknown keys from memory for a moment, then looks again", async () => {
    expect(await resolveEnvironmentKey("ser.new")).toBeNull();
    const lookups = db.keyLookups;
    expect(await resolveEnvironmentKey("ser.new")).toBeNull();
    expect(db.keyLookups).toBe(lookups);
    // The key is created without touching the revision: the snapshot is recompiled to learn it.
    await getSnapshot(1);
    db.keys.set("ser.new", 1);
    db.serverKeys.set(1, ["ser.new"]);
    await vi.waitFor(async () => expect((await resolveEnvironmentKey("ser.new"))?.isServerKey).toBe(true), {
      timeout: 1000,
    });
  });

  it("forgets a deleted environment and its keys", async () => {
    await resolveEnvironmentKey("client-1");
    db.revisions.delete(1);
    db.keys.delete("client-1");
    db.listener!([1]);
    expect(await resolveEnvironmentKey("client-1")).toBeNull();
  });
});

describe("the snapshot cache's byte budget (1000 bytes here)", () => {
  beforeEach(() => {
    db.revisions = new Map([1, 2, 3, 4, 5, 6].map((id) => [id, 1]));
    db.keys = new Map([1, 2, 3].map((id) => [`client-${id}`, id]));
  });

  it("drops the least recently used snapshot first and keeps a touched one", async () => {
    for (const id of [1, 2, 3]) db.sizes.set(id, 400);
    await getSnapshot(1);
    await getSnapshot(2);
    expect(snapshotCacheBytes()).toBe(800);
    // Environment 1 is used again: environment 2 is now the least recently used.
    await getSnapshot(1);
    await getSnapshot(3);
    expect(snapshotCacheBytes()).toBe(800);
    expect(db.compiles).toBe(3);
    await getSnapshot(1);
    await getSnapshot(3);
    expect(db.compiles).toBe(3);
    // The dropped one is compiled again on demand, and drops the next least recently used (1).
    expect((await getSnapshot(2))?.environmentId).toBe(2);
    expect(db.compiles).toBe(4);
    expect(snapshotCacheBytes()).toBe(800);
    await getSnapshot(3);
    expect(db.compiles).toBe(4);
    await getSnapshot(1);
    expect(db.compiles).toBe(5);
  });

  it("never holds more than the budget, whatever the order of requests", async () => {
    for (const id of [1, 2, 3, 4, 5, 6]) db.sizes.set(id, 150 + id * 60);
    for (const id of [1, 5, 2, 6, 3, 4, 6, 1, 2, 5, 3, 4]) {
      expect((await getSnapshot(id))?.environmentId).toBe(id);
      expect(snapshotCacheBytes()).toBeLessThanOrEqual(1000);
    }
  });

  it("serves a snapshot larger than the whole budget without keeping it or dropping the others", async () => {
    db.sizes.set(2, 1500);
    await getSnapshot(1);
    expect((await getSnapshot(2))?.environmentId).toBe(2);
    expect(snapshotCacheBytes()).toBe(100);
    expect((await resolveEnvironmentKey("client-2"))?.snapshot.environmentId).toBe(2);
    await getSnapshot(1);
    expect(db.compiles).toBe(3);
  });

  it("runs at most ENSIGN_MAX_CONCURRENT_COMPILES compiles at once", async () => {
    const snapshots = await Promise.all([1, 2, 3, 4, 5, 6].map((id) => getSnapshot(id)));
    expect(snapshots.map((s) => s?.environmentId)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(db.compiles).toBe(6);
    expect(db.mostRunning).toBe(2);
  });

  it("keeps a dropped environment with an open stream polled, and compiles it when it changes", async () => {
    for (const id of [1, 2]) db.sizes.set(id, 600);
    const held = await getSnapshot(1);
    const release = watchEnvironment(held!);
    await getSnapshot(2);
    expect(snapshotCacheBytes()).toBe(600);
    // The request that holds the dropped snapshot still reads it whole.
    expect(held?.clientKey).toBe("client-1");
    const compiled: number[] = [];
    const stop = onSnapshotCompiled((s) => compiled.push(s.environmentId * 100 + s.revision));
    db.revisions.set(1, 2);
    await vi.waitFor(() => expect(compiled).toContain(102), { timeout: 2000 });
    stop();
    release();
  });
});
