// Stall attribution (issue 26): a loop blocked by declared work is counted as a stall of that
// cause; undeclared blocking counts as "other"; off, timedWork only runs its function.
import { describe, expect, it } from "vitest";
import { startStallRecorder, stallRecorderRunning, stallSummary, timedWork } from "./stalls";

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
    spin(40); // declares nothing
    await settle();
    const after = stallSummary()!;
    expect(after.threshold_ms).toBe(20);
    expect(after.count - before.count).toBeGreaterThanOrEqual(2);
    expect(after.by_cause.checkpoint.ms).toBeGreaterThanOrEqual(55);
    expect(after.by_cause.other.ms - (before.by_cause.other?.ms ?? 0)).toBeGreaterThanOrEqual(30);
    expect(after.work.checkpoint).toMatchObject({ count: 1 });
    expect(after.work.checkpoint.max_ms).toBeGreaterThanOrEqual(60);
    const checkpointStall = after.last.find((stall) => stall.causes.checkpoint);
    expect(checkpointStall!.delay_ms).toBeGreaterThanOrEqual(55);
    expect(after.max_ms).toBeGreaterThanOrEqual(55);
  });
});
