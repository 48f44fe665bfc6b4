import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hashServerKey } from "@/lib/auth/server-key-hash";
import type { SdkSnapshot } from "./snapshot";

const db = vi.hoisted(() => ({
  revisions: new Map<number, number>(),
  keys: new Map<string, number>(),
  serverKeys: new Map<number, string[]>(),
  compiles: 0,
  keyLookups: 0,
  listener: null as null | ((ids: number[] | "all") => void),
}));

const snapshotOf = (id: number): SdkSnapshot =>
  ({
    environmentId: id,
    revision: db.revisions.get(id),
    clientKey: `client-${id}`,
    serverKeys: new Map((db.serverKeys.get(id) ?? []).map((k) => [hashServerKey(k), null])),
  }) as unknown as SdkSnapshot;

vi.mock("./compile", () => ({
  compileSnapshot: vi.fn(async (id: number) => {
    db.compiles += 1;
    // Read at the start, like a transaction's snapshot: later writes are not in it.
    const snapshot = db.revisions.has(id) ? snapshotOf(id) : null;
    await new Promise((r) => setTimeout(r, 5));
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
vi.mock("@/lib/environments/revision", () => ({
  onEnvironmentsChanged: (listener: (ids: number[] | "all") => void) => {
    db.listener = listener;
    return () => (db.listener = null);
  },
}));

const { getSnapshot, resetSnapshotCache, resolveEnvironmentKey } = await import("./cache");

beforeEach(() => {
  db.revisions = new Map([[1, 1]]);
  db.keys = new Map([["client-1", 1]]);
  db.serverKeys = new Map();
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
