import { describe, expect, it } from "vitest";
import type { EngineSegment } from "@/lib/engine";
import { countSegmentMembers, type CountableIdentity } from "./usage";

const segment: EngineSegment = {
  id: 1,
  name: "pro",
  feature_states: [],
  rules: [{ type: "ALL", rules: [], conditions: [{ operator: "EQUAL", property_: "plan", value: "pro" }] }],
};
const environment = { apiKey: "key", name: "Dev", useIdentityCompositeKeyForHashing: true };

function population(size: number): CountableIdentity[] {
  return Array.from({ length: size }, (_, i) => ({
    id: i + 1,
    identifier: `user-${i + 1}`,
    traits: [{ traitKey: "plan", valueType: "unicode", value: i % 2 === 0 ? "pro" : "free" }],
  }));
}

async function count(size: number, limit: number, batchSize: number) {
  const all = population(size);
  const takes: number[] = [];
  const result = await countSegmentMembers({
    segment,
    environment,
    limit,
    batchSize,
    nextBatch: async (afterId, take) => {
      takes.push(take);
      return all.filter((identity) => identity.id > afterId).slice(0, take);
    },
  });
  return { result, takes };
}

describe("countSegmentMembers", () => {
  it("counts every identity when the environment fits under the limit", async () => {
    expect((await count(7, 100, 3)).result).toEqual({ count: 4, scanned: 7, complete: true });
    expect((await count(0, 100, 3)).result).toEqual({ count: 0, scanned: 0, complete: true });
  });

  it("is complete when the environment holds exactly the limit", async () => {
    expect((await count(6, 6, 3)).result).toEqual({ count: 3, scanned: 6, complete: true });
    expect((await count(6, 6, 10)).result).toEqual({ count: 3, scanned: 6, complete: true });
  });

  it("stops at the limit and reports a lower bound past it", async () => {
    const { result, takes } = await count(50, 10, 4);
    expect(result).toEqual({ count: 5, scanned: 10, complete: false });
    // Never asks for more than a batch, nor more than one past the limit.
    expect(Math.max(...takes)).toBeLessThanOrEqual(4);
    expect(takes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(11);
  });
});
