import { describe, expect, it } from "vitest";
import { estimateHeapBytes, stringBytes } from "./heap-size";

describe("estimateHeapBytes", () => {
  it("counts Latin-1 strings at one byte a character and others at two", () => {
    expect(stringBytes("é".repeat(1000))).toBe(16 + 1000);
    expect(stringBytes("€".repeat(1000))).toBe(16 + 2000);
    expect(stringBytes("abc")).toBe(24);
  });

  it("counts an object reached twice once, and each string where it is held", () => {
    const shared = { value: "x".repeat(10_000) };
    const once = estimateHeapBytes({ a: shared });
    expect(estimateHeapBytes({ a: shared, b: shared })).toBe(once + Math.ceil(8 * 1.1));
    expect(estimateHeapBytes({ a: shared, b: { value: "x".repeat(10_000) } })).toBeGreaterThan(once + 10_000);
  });

  it("counts the bytes under several views of one buffer once", () => {
    const bytes = Buffer.alloc(100_000);
    const one = estimateHeapBytes([bytes]);
    const three = estimateHeapBytes([bytes, bytes.subarray(0, 10), bytes.subarray(10, 20)]);
    expect(one).toBeGreaterThan(100_000);
    expect(three - one).toBeLessThan(1000);
  });

  it("counts maps by their entries", () => {
    const map = new Map(Array.from({ length: 1000 }, (_, i) => [i, i]));
    expect(estimateHeapBytes(map)).toBeGreaterThan(1000 * 3 * 8);
  });
});
