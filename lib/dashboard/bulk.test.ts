import { describe, expect, it } from "vitest";
import { MAX_BULK_FEATURES, runBulk, type BulkProgress } from "./bulk";

const describeError = (e: unknown) => (e instanceof Error ? e.message : "?");

describe("runBulk", () => {
  it("answers every item's outcome in input order, failures with their message", async () => {
    const progress: BulkProgress[] = [];
    const outcomes = await runBulk(
      [1, 2, 3, 4, 5],
      async (n) => {
        await new Promise((resolve) => setTimeout(resolve, (6 - n) % 3));
        if (n % 2 === 0) throw new Error(`no ${n}`);
      },
      { concurrency: 2, describe: describeError, onProgress: (p) => progress.push(p) },
    );
    expect(outcomes).toEqual([
      { item: 1, ok: true },
      { item: 2, ok: false, error: "no 2" },
      { item: 3, ok: true },
      { item: 4, ok: false, error: "no 4" },
      { item: 5, ok: true },
    ]);
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3, 4, 5]);
    expect(progress.at(-1)).toEqual({ done: 5, total: 5, failed: 2 });
  });

  it("never runs more than the concurrency at once", async () => {
    let running = 0;
    let peak = 0;
    await runBulk(
      Array.from({ length: 12 }, (_, i) => i),
      async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running--;
      },
      { concurrency: 3, describe: describeError },
    );
    expect(peak).toBe(3);
  });

  it("refuses more items than one action may take, before sending anything", async () => {
    let sent = 0;
    await expect(
      runBulk(
        Array.from({ length: MAX_BULK_FEATURES + 1 }, (_, i) => i),
        async () => {
          sent++;
        },
        { describe: describeError },
      ),
    ).rejects.toThrow(`Select at most ${MAX_BULK_FEATURES} features`);
    expect(sent).toBe(0);
  });
});
