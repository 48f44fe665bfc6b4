import { describe, expect, it } from "vitest";
import { compareRows, copyStateBody, readCompared, sameState } from "./compare";
import type { FeatureState } from "./types";

const state = (feature: number, over: Partial<FeatureState> = {}): FeatureState => ({
  id: feature * 10,
  uuid: "u",
  feature_state_value: null,
  multivariate_feature_state_values: [],
  enabled: false,
  feature,
  environment: 1,
  identity: null,
  feature_segment: null,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  live_from: "2026-01-01T00:00:00.000Z",
  version: 1,
  deleted_at: null,
  change_request: null,
  environment_feature_version: null,
  ...over,
});

describe("compare", () => {
  it("marks a feature that differs in enabled, value or shares", () => {
    const features = [
      { id: 1, name: "same" },
      { id: 2, name: "on" },
      { id: 3, name: "value" },
      { id: 4, name: "shares" },
    ];
    const mv = (p: number) => [
      { id: 1, uuid: "m", multivariate_feature_option: 7, percentage_allocation: p },
    ];
    const rows = compareRows(features, [
      [
        state(1),
        state(2),
        state(3, { feature_state_value: "a" }),
        state(4, { multivariate_feature_state_values: mv(10) }),
      ],
      [
        state(1, { id: 99 }),
        state(2, { enabled: true }),
        state(3, { feature_state_value: "b" }),
        state(4, { multivariate_feature_state_values: mv(20) }),
      ],
    ]);
    expect(rows.map((r) => [r.name, r.differs])).toEqual([
      ["same", false],
      ["on", true],
      ["value", true],
      ["shares", true],
    ]);
    expect(sameState(undefined, state(1))).toBe(false);
  });

  it("copies enabled, value and shares", () => {
    const source = state(1, {
      enabled: true,
      feature_state_value: 5,
      multivariate_feature_state_values: [
        { id: 3, uuid: "m", multivariate_feature_option: 7, percentage_allocation: 40 },
      ],
    });
    expect(copyStateBody(source)).toEqual({
      enabled: true,
      feature_state_value: 5,
      multivariate_feature_state_values: [{ multivariate_feature_option: 7, percentage_allocation: 40 }],
    });
  });

  it("reads the compared environments from the query string", () => {
    expect(readCompared("a,b,a,,c")).toEqual(["a", "b", "c"]);
    expect(readCompared(null)).toEqual([]);
  });
});
