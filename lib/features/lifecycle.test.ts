import { describe, expect, it } from "vitest";
import { lifecycleStageOf, type LifecycleFacts } from "./lifecycle";

const facts = (over: Partial<LifecycleFacts>): LifecycleFacts => ({
  hasCodeReferences: false,
  isPermanent: false,
  isStale: false,
  hasRecentUsage: false,
  ...over,
});

describe("lifecycleStageOf", () => {
  it("is new when not in code and not stale", () => {
    expect(lifecycleStageOf(facts({}))).toBe("new");
    expect(lifecycleStageOf(facts({ hasRecentUsage: true }))).toBe("new");
  });
  it("is live when in code and not stale", () => {
    expect(lifecycleStageOf(facts({ hasCodeReferences: true }))).toBe("live");
  });
  it("is stale when in code and stale", () => {
    expect(lifecycleStageOf(facts({ hasCodeReferences: true, isStale: true }))).toBe("stale");
  });
  it("is permanent whenever a permanent tag is on it", () => {
    expect(lifecycleStageOf(facts({ isPermanent: true, isStale: true, hasCodeReferences: true }))).toBe(
      "permanent",
    );
    expect(lifecycleStageOf(facts({ isPermanent: true }))).toBe("permanent");
  });
  it("needs monitoring when stale, gone from code, still evaluated", () => {
    expect(lifecycleStageOf(facts({ isStale: true, hasRecentUsage: true }))).toBe("needs_monitoring");
  });
  it("is to be removed when stale, gone from code and not evaluated", () => {
    expect(lifecycleStageOf(facts({ isStale: true }))).toBe("to_remove");
  });
});
