import { afterEach, describe, expect, it, vi } from "vitest";
import { createGroupCommit } from "./group-commit";

type Job = { key: string; value: number };

function recorder(fail?: (jobs: Job[]) => boolean) {
  const batches: Job[][] = [];
  const group = createGroupCommit<Job, string>({
    run: async (jobs) => {
      batches.push(jobs);
      await new Promise((r) => setTimeout(r, 1));
      if (fail?.(jobs)) throw new Error(`failed: ${jobs.map((j) => j.value).join(",")}`);
      return jobs.map((j) => `${j.key}=${j.value}`);
    },
    keyOf: (job) => job.key,
    maxBatch: 3,
  });
  return { batches, group };
}

describe("createGroupCommit", () => {
  it("answers every call with its own result, in one batch when they arrive together", async () => {
    const { batches, group } = recorder();
    const results = await Promise.all([
      group.submit({ key: "a", value: 1 }),
      group.submit({ key: "b", value: 2 }),
    ]);
    expect(results).toEqual(["a=1", "b=2"]);
    expect(batches).toEqual([
      [
        { key: "a", value: 1 },
        { key: "b", value: 2 },
      ],
    ]);
  });

  it("never puts two calls for one key in a batch, and keeps their order", async () => {
    const { batches, group } = recorder();
    const results = await Promise.all([
      group.submit({ key: "a", value: 1 }),
      group.submit({ key: "a", value: 2 }),
      group.submit({ key: "b", value: 3 }),
      group.submit({ key: "a", value: 4 }),
    ]);
    expect(results).toEqual(["a=1", "a=2", "b=3", "a=4"]);
    expect(batches.map((b) => b.map((j) => j.value))).toEqual([[1, 3], [2], [4]]);
  });

  it("caps a batch at maxBatch and runs the rest next", async () => {
    const { batches, group } = recorder();
    const calls = ["a", "b", "c", "d", "e"].map((key, i) => group.submit({ key, value: i }));
    await Promise.all(calls);
    expect(batches.map((b) => b.length)).toEqual([3, 2]);
  });

  it("works a backlog off one batch per turn of the event loop, even when a batch runs synchronously", async () => {
    // As on SQLite, where a free connection runs the batch before `run` returns.
    const events: string[] = [];
    const group = createGroupCommit<Job, string>({
      run: (jobs) => {
        events.push(`batch ${jobs.map((j) => j.value).join(",")}`);
        if (events.length === 1) setImmediate(() => events.push("I/O turn"));
        return Promise.resolve(jobs.map((j) => `${j.key}=${j.value}`));
      },
      keyOf: (job) => job.key,
      maxBatch: 2,
    });
    const calls = ["a", "b", "c", "d", "e"].map((key, i) => group.submit({ key, value: i }));
    expect(await Promise.all(calls)).toEqual(["a=0", "b=1", "c=2", "d=3", "e=4"]);
    // The event loop's own callbacks (reading requests, writing answers) run between batches.
    expect(events).toEqual(["batch 0,1", "I/O turn", "batch 2,3", "batch 4"]);
  });

  it("takes calls that arrive while a batch runs into the next batch", async () => {
    const { batches, group } = recorder();
    const first = group.submit({ key: "a", value: 1 });
    await new Promise((r) => setImmediate(r));
    const later = [group.submit({ key: "b", value: 2 }), group.submit({ key: "c", value: 3 })];
    await Promise.all([first, ...later]);
    expect(batches.map((b) => b.map((j) => j.value))).toEqual([[1], [2, 3]]);
  });

  it("retries a failed batch call by call, so that only the bad call fails", async () => {
    const { batches, group } = recorder((jobs) => jobs.some((j) => j.value === 2));
    const results = await Promise.allSettled([
      group.submit({ key: "a", value: 1 }),
      group.submit({ key: "b", value: 2 }),
      group.submit({ key: "c", value: 3 }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(results[0]).toEqual({ status: "fulfilled", value: "a=1" });
    expect((results[1] as PromiseRejectedResult).reason.message).toBe("failed: 2");
    expect(batches.map((b) => b.map((j) => j.value))).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it("keeps working after a failure", async () => {
    const { group } = recorder((jobs) => jobs[0].value === 0);
    await expect(group.submit({ key: "a", value: 0 })).rejects.toThrow("failed: 0");
    await expect(group.submit({ key: "a", value: 5 })).resolves.toBe("a=5");
  });

  it("without keys, lets calls for anything share a batch, up to its size", async () => {
    const batches: number[][] = [];
    const group = createGroupCommit<number, number>({
      run: async (jobs) => {
        batches.push(jobs);
        return jobs.map((j) => j * 10);
      },
      maxBatch: 3,
    });
    const results = await Promise.all([1, 1, 1, 1].map((j) => group.submit(j)));
    expect(results).toEqual([10, 10, 10, 10]);
    expect(batches).toEqual([[1, 1, 1], [1]]);
  });

  describe("with a gather window", () => {
    afterEach(() => void vi.useRealTimers());

    function gathering() {
      vi.useFakeTimers({ toFake: ["setTimeout", "setImmediate", "performance"] });
      const batches: number[][] = [];
      const group = createGroupCommit<number, number>({
        run: async (jobs) => {
          batches.push(jobs);
          return jobs;
        },
        maxBatch: 10,
        gatherMs: 20,
      });
      const answered: number[] = [];
      const submit = (job: number) => void group.submit(job).then((j) => answered.push(j));
      return { batches, answered, submit };
    }

    it("lets the calls of a steady stream share one batch", async () => {
      const { batches, answered, submit } = gathering();
      submit(1); // after a quiet spell: at once
      await vi.advanceTimersByTimeAsync(5);
      expect(batches).toEqual([[1]]);
      submit(2); // 5 ms after the last: waits 20 ms for company
      for (const job of [3, 4]) {
        await vi.advanceTimersByTimeAsync(5);
        submit(job);
      }
      await vi.advanceTimersByTimeAsync(9);
      expect(batches).toEqual([[1]]);
      expect(answered).toEqual([1]);
      await vi.advanceTimersByTimeAsync(1);
      expect(batches).toEqual([[1], [2, 3, 4]]);
      expect(answered).toEqual([1, 2, 3, 4]);
    });

    it("runs a call after a quiet spell at once", async () => {
      const { batches, submit } = gathering();
      submit(1);
      await vi.advanceTimersByTimeAsync(100);
      submit(2); // 100 ms after the last: nothing to wait for
      await vi.advanceTimersByTimeAsync(0);
      expect(batches).toEqual([[1], [2]]);
    });
  });
});
