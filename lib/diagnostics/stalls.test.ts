// Stall attribution (issue 26): a loop blocked by declared work is counted as a stall of that
// cause; undeclared blocking counts as "other"; off, timedWork only runs its function.
import { describe, expect, it } from "vitest";
import {
  dropSpansBefore,
  startStallRecorder,
  stallRecorderRunning,
  stallSummary,
  timedWork,
  type SpanLog,
} from "./stalls";

const spin = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe("stall recorder", () => {
  it("runs work unrecorded while off", () => {
    expect(stallRecorderRunning()).toBe(false);
    expect(timedWork("nothing", () => 42)).toBe(42);
    expect(stallSummary()).toBeNull();
  });

  it("attributes each long delay to the declared work and GC that ran in it", async () => {
    startStallRecorder();
    await settle();
    const before = stallSummary()!;
    timedWork("checkpoint", () => spin(60));
    await settle();
    const undeclaredFrom = performance.now();
    spin(60); // declares nothing
    await settle();
    const after = stallSummary()!;
    expect(after.threshold_ms).toBe(20);
    expect(after.count - before.count).toBeGreaterThanOrEqual(2);
    expect(after.by_cause.checkpoint.ms).toBeGreaterThanOrEqual(55);
    // The undeclared stall: none of it is put on the declared work; what a GC that ran in the
    // window does not cover is "other" (on a loaded machine a collection may overlap it, so
    // the test checks the split, not a fixed figure).
    const undeclared = after.last.find((stall) => stall.at_ms >= undeclaredFrom + 50);
    expect(undeclared).toBeDefined();
    expect(undeclared!.delay_ms).toBeGreaterThanOrEqual(50);
    expect(undeclared!.causes.checkpoint).toBeUndefined();
    const gcMs = Object.entries(undeclared!.causes)
      .filter(([cause]) => cause.startsWith("gc:"))
      .reduce((sum, [, ms]) => sum + ms, 0);
    // Preempted by another process, part of it may be "off cpu" instead.
    const undeclaredMs = (undeclared!.causes.other ?? 0) + (undeclared!.causes["off cpu"] ?? 0);
    expect(undeclaredMs).toBeGreaterThanOrEqual(undeclared!.delay_ms - gcMs - 1);
    const undeclaredTotal = (summary: typeof after) =>
      (summary.by_cause.other?.ms ?? 0) + (summary.by_cause["off cpu"]?.ms ?? 0);
    expect(undeclaredTotal(after) - undeclaredTotal(before)).toBeGreaterThan(0);
    expect(after.work.checkpoint).toMatchObject({ count: 1 });
    expect(after.work.checkpoint.max_ms).toBeGreaterThanOrEqual(60);
    const checkpointStall = after.last.find((stall) => stall.causes.checkpoint);
    expect(checkpointStall!.delay_ms).toBeGreaterThanOrEqual(55);
    expect(after.max_ms).toBeGreaterThanOrEqual(55);
  });

  it("counts a delay in which the process did not run as off cpu, not as its own JavaScript", async () => {
    startStallRecorder();
    await settle();
    const from = performance.now();
    // The thread sleeps: the loop is as late as after a spin, but no CPU is used.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 80);
    await settle();
    const stall = stallSummary()!.last.find((record) => record.at_ms >= from + 70);
    expect(stall).toBeDefined();
    expect(stall!.causes["off cpu"]).toBeGreaterThanOrEqual(50);
    expect(stall!.causes.other ?? 0).toBeLessThan(30);
  });

  it("drops spans past the horizon without copying the log on every drop", () => {
    const log: SpanLog = { items: [], head: 0 };
    let cuts = 0;
    let items = log.items;
    // 100,000 spans a millisecond apart, keeping the last 5,000 ms, pruned after each push.
    for (let t = 0; t < 100_000; t++) {
      log.items.push({ label: "work", start: t, end: t + 0.5 });
      dropSpansBefore(log, t - 5_000);
      if (log.items !== items) {
        cuts += 1;
        items = log.items;
      }
      // What is kept is exactly the window, oldest first.
      expect(log.items[log.head].end).toBeGreaterThanOrEqual(t - 5_000);
      if (log.head > 0) expect(log.items[log.head - 1].end).toBeLessThan(t - 5_000);
      // Dropped spans never hold more room than the kept ones (plus a small slack).
      expect(log.items.length).toBeLessThanOrEqual(2 * (log.items.length - log.head) + 1_026);
    }
    // The array is cut now and then (amortised), not once per dropped span.
    expect(cuts).toBeGreaterThan(0);
    expect(cuts).toBeLessThan(100);
  });
});
