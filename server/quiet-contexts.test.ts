// The switch that turns async context tracking off while no store is in use: it never cuts a
// store short (a run awaiting past the quiet time, a request inside Next), and a store used
// again after it works exactly as before, through awaits and timers.
import { AsyncLocalStorage } from "node:async_hooks";
import { afterEach, describe, expect, it } from "vitest";
import { readQuietContextsMs, startQuietContexts, type QuietContexts } from "./quiet-contexts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const enabled = (storage: AsyncLocalStorage<unknown>) => (storage as unknown as { enabled: boolean }).enabled;

let contexts: QuietContexts | undefined;
afterEach(() => contexts?.stop());

describe("quiet async contexts", () => {
  it("switches every store off once none has been in use for the quiet time", async () => {
    contexts = startQuietContexts({ quietMs: 40 });
    const storage = new AsyncLocalStorage<string>();
    expect(storage.run("a", () => storage.getStore())).toBe("a");
    expect(enabled(storage)).toBe(true);
    await sleep(15);
    expect(contexts.quiet).toBe(false);
    await sleep(80);
    expect(contexts.quiet).toBe(true);
    expect(contexts.timesQuieted).toBe(1);
    expect(enabled(storage)).toBe(false);
  });

  it("never switches off under a run that is still awaiting, and the store holds throughout", async () => {
    contexts = startQuietContexts({ quietMs: 20 });
    const storage = new AsyncLocalStorage<string>();
    const seen = await storage.run("held", async () => {
      const found: (string | undefined)[] = [];
      for (let i = 0; i < 5; i++) {
        await sleep(25);
        found.push(storage.getStore());
        await new Promise((resolve) => setImmediate(resolve));
        found.push(storage.getStore());
      }
      return found;
    });
    expect(seen).toEqual(Array(10).fill("held"));
    expect(contexts.timesQuieted).toBe(0);
    await sleep(60);
    expect(contexts.quiet).toBe(true);
  });

  it("counts a run whose promise rejects until it settles, and leaves the rejection to the caller", async () => {
    contexts = startQuietContexts({ quietMs: 20 });
    const storage = new AsyncLocalStorage<string>();
    const failing = storage.run("x", async () => {
      await sleep(60);
      throw new Error("boom");
    });
    await sleep(40);
    expect(contexts.quiet).toBe(false);
    await expect(failing).rejects.toThrow("boom");
    expect(() =>
      storage.run("y", () => {
        throw new Error("sync");
      }),
    ).toThrow("sync");
    await sleep(60);
    expect(contexts.quiet).toBe(true);
  });

  it("stays on while a request is inside Next, and for the quiet time after it closes", async () => {
    contexts = startQuietContexts({ quietMs: 20 });
    const storage = new AsyncLocalStorage<string>();
    storage.run("a", () => undefined);
    const leave = contexts.enter();
    await sleep(60);
    expect(contexts.quiet).toBe(false);
    leave();
    leave(); // a second call counts nothing
    await sleep(5);
    expect(contexts.quiet).toBe(false);
    await sleep(60);
    expect(contexts.quiet).toBe(true);
  });

  it("gives a store used after the switch its value through awaits, ticks and timers", async () => {
    contexts = startQuietContexts({ quietMs: 10 });
    const storage = new AsyncLocalStorage<{ id: number }>();
    storage.run({ id: 0 }, () => undefined);
    await sleep(40);
    expect(contexts.quiet).toBe(true);
    const ids = await Promise.all(
      [1, 2, 3].map((id) =>
        storage.run({ id }, async () => {
          await sleep(5 * id);
          const afterAwait = storage.getStore()?.id;
          const inTick = await new Promise<number | undefined>((resolve) =>
            process.nextTick(() => resolve(storage.getStore()?.id)),
          );
          const inTimer = await new Promise<number | undefined>((resolve) =>
            setTimeout(() => resolve(storage.getStore()?.id), 1),
          );
          return [afterAwait, inTick, inTimer];
        }),
      ),
    );
    expect(ids).toEqual([
      [1, 1, 1],
      [2, 2, 2],
      [3, 3, 3],
    ]);
    expect(contexts.quiet).toBe(false);
    // Outside any run nothing is seen, before or after the next switch.
    expect(storage.getStore()).toBeUndefined();
    await sleep(40);
    expect(contexts.quiet).toBe(true);
    expect(contexts.timesQuieted).toBe(2);
  });

  it("does nothing with 0, and reads its setting strictly", () => {
    contexts = startQuietContexts({ quietMs: 0 });
    const storage = new AsyncLocalStorage<string>();
    expect(storage.run("a", () => storage.getStore())).toBe("a");
    expect(readQuietContextsMs({})).toBe(2_000);
    expect(readQuietContextsMs({ ENSIGN_QUIET_CONTEXTS_MS: "0" })).toBe(0);
    expect(readQuietContextsMs({ ENSIGN_QUIET_CONTEXTS_MS: "500" })).toBe(500);
    for (const bad of ["-1", "1.5", "x", "600001"])
      expect(() => readQuietContextsMs({ ENSIGN_QUIET_CONTEXTS_MS: bad })).toThrow(
        /ENSIGN_QUIET_CONTEXTS_MS/,
      );
  });
});
