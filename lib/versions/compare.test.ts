import { describe, expect, it } from "vitest";
import { compareSnapshots } from "./compare";
import type { FeatureSnapshot, OverrideFields, StateFields } from "@/lib/feature-states/feature-snapshot";

const state: StateFields = {
  enabled: false,
  feature_state_value: "a",
  value_type: "unicode",
  multivariate_feature_state_values: [],
};
const override = (segment: number, priority: number, value = "s"): OverrideFields => ({
  ...state,
  segment,
  segment_name: `seg${segment}`,
  priority,
  feature_state_value: value,
});
const snapshot = (overrides: OverrideFields[], defaults: StateFields = state): FeatureSnapshot => ({
  environment_default: defaults,
  segment_overrides: overrides,
});

describe("compareSnapshots", () => {
  it("finds no change between equal snapshots", () => {
    expect(compareSnapshots(snapshot([override(1, 0)]), snapshot([override(1, 0)]))).toEqual([]);
  });

  it("names changed default fields, changed override fields, and added or removed overrides", () => {
    const old = snapshot([override(1, 0), override(2, 1)]);
    const next = snapshot([override(3, 0), override(1, 1, "t")], { ...state, enabled: true });
    expect(compareSnapshots(old, next)).toEqual([
      { field: "environment_default.enabled", old: false, new: true },
      { field: "segment_overrides.1.feature_state_value", old: "s", new: "t" },
      { field: "segment_overrides.1.priority", old: 0, new: 1 },
      { field: "segment_overrides.2", old: override(2, 1), new: null },
      { field: "segment_overrides.3", old: null, new: override(3, 0) },
    ]);
  });

  it("compares option weights as a whole", () => {
    const weights = (p: number): StateFields => ({
      ...state,
      multivariate_feature_state_values: [{ multivariate_feature_option: 9, percentage_allocation: p }],
    });
    expect(compareSnapshots(snapshot([], weights(30)), snapshot([], weights(40)))).toEqual([
      {
        field: "environment_default.multivariate_feature_state_values",
        old: weights(30).multivariate_feature_state_values,
        new: weights(40).multivariate_feature_state_values,
      },
    ]);
  });
});
