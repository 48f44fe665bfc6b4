import { describe, expect, it } from "vitest";
import type { FeatureSnapshot, OverrideFields, StateFields } from "@/lib/feature-states/feature-snapshot";
import { diffFeature, promotedOrder } from "./diff";

const state = (over: Partial<StateFields> = {}): StateFields => ({
  enabled: false,
  feature_state_value: "x",
  value_type: "unicode",
  multivariate_feature_state_values: [],
  ...over,
});
const seg = (segment: number, priority: number, over: Partial<StateFields> = {}): OverrideFields => ({
  ...state(over),
  segment,
  segment_name: `s${segment}`,
  priority,
});
const snap = (d: StateFields, o: OverrideFields[] = []): FeatureSnapshot => ({
  environment_default: d,
  segment_overrides: o,
});

describe("diffFeature", () => {
  it("is empty for equal states; zero weights equal missing ones; ranks, not raw priorities", () => {
    const a = snap(
      state({
        multivariate_feature_state_values: [{ multivariate_feature_option: 1, percentage_allocation: 0 }],
      }),
      [seg(1, 0), seg(2, 5)],
    );
    const b = snap(state(), [seg(1, 3), seg(2, 7)]);
    expect(diffFeature(a, b).differs).toBe(false);
  });

  it("names each changed field, added and removed overrides, and order changes", () => {
    const source = snap(state({ enabled: true, feature_state_value: 1, value_type: "int" }), [
      seg(1, 0, { enabled: true }),
      seg(2, 1),
    ]);
    const target = snap(state({ feature_state_value: "1" }), [seg(2, 0), seg(3, 1)]);
    const diff = diffFeature(source, target);
    expect(diff.environment_default.changes).toEqual(["enabled", "value"]);
    expect(diff.segment_overrides.map((o) => [o.segment, o.status, o.changes])).toEqual([
      [1, "added", []],
      [2, "changed", ["priority"]],
      [3, "removed", []],
    ]);
    expect(diff.differs).toBe(true);
  });
});

describe("promotedOrder", () => {
  it("is the source's order when every override is promoted", () => {
    const order = promotedOrder(
      [
        { segment: 3, priority: 0 },
        { segment: 1, priority: 1 },
      ],
      [
        { segment: 1, priority: 0 },
        { segment: 2, priority: 1 },
      ],
      new Set([3]),
    );
    expect([...order]).toEqual([
      [1, 0],
      [2, 1],
    ]);
  });

  it("puts a promoted override before a kept one of the same rank", () => {
    const order = promotedOrder([{ segment: 9, priority: 0 }], [{ segment: 4, priority: 0 }], new Set());
    expect([...order]).toEqual([
      [4, 0],
      [9, 1],
    ]);
  });
});
