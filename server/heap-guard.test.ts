import { describe, expect, it } from "vitest";
import { createHeapGuard, isHealthPath, SAMPLE_MS } from "./heap-guard";

function heap(used: number, limit = 1000) {
  const state = { used, calls: 0, time: 0 };
  const statistics = () => {
    state.calls++;
    return { used_heap_size: state.used, heap_size_limit: limit };
  };
  return { state, statistics, now: () => state.time };
}

describe("createHeapGuard", () => {
  it("refuses work from the threshold percent of the heap limit on", () => {
    const { state, statistics, now } = heap(899);
    const isShort = createHeapGuard({ percent: 90, statistics, now });
    expect(isShort()).toBe(false);
    state.used = 900;
    state.time += SAMPLE_MS;
    expect(isShort()).toBe(true);
    state.used = 100;
    state.time += SAMPLE_MS;
    expect(isShort()).toBe(false);
  });

  it("samples the heap at most once per SAMPLE_MS, however many requests ask", () => {
    const { state, statistics, now } = heap(950);
    const isShort = createHeapGuard({ percent: 90, statistics, now });
    for (let i = 0; i < 1000; i++) expect(isShort()).toBe(true);
    expect(state.calls).toBe(1);
    state.used = 0;
    state.time += SAMPLE_MS - 1;
    expect(isShort()).toBe(true);
    state.time += 1;
    expect(isShort()).toBe(false);
    expect(state.calls).toBe(2);
  });

  it("is off at 0 percent", () => {
    const { state, statistics, now } = heap(1000);
    expect(createHeapGuard({ percent: 0, statistics, now })()).toBe(false);
    expect(state.calls).toBe(0);
  });

  it("reads the real heap statistics by default", () => {
    expect(createHeapGuard({ percent: 100 })()).toBe(false);
  });
});

describe("isHealthPath", () => {
  it("exempts the health checks only", () => {
    expect(["/health/liveness/", "/health/readiness/", "/health/readiness?x=1"].map(isHealthPath)).toEqual([
      true,
      true,
      true,
    ]);
    expect(["/api/v1/flags/", "/healthz", "/api/v1/health/"].map(isHealthPath)).toEqual([
      false,
      false,
      false,
    ]);
  });
});
