import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chooseMultivariateValue, getMultivariateSeed, sortMultivariateValues } from "./multivariate";
import { feature, mvValue, state } from "./test-fixtures";

// Buckets from python3 with the reference formula: pct(["100", "env-key_<name>"]) is
// alice 92.84, bob 20.97, carol 55.89, dave 14.43, erin 9.93.
const mvFeature = feature(1, "colour", "MULTIVARIATE");
const values = [
  mvValue(3, 20, { id: 13, value: "blue", key: "c" }),
  mvValue(1, 30, { id: 11, value: "red", key: "a" }),
  mvValue(2, 30, { id: 12, value: "green", key: "b" }),
];
const mvState = state(mvFeature, {
  django_id: 100,
  feature_state_value: "control",
  multivariate_feature_state_values: values,
});
const choose = (name: string) =>
  chooseMultivariateValue(mvState, `env-key_${name}`)?.multivariate_feature_option.key ?? null;

describe("chooseMultivariateValue", () => {
  it("walks cumulative ranges in id order: [0,30) a, [30,60) b, [60,80) c, else control", () => {
    expect(choose("bob")).toBe("a");
    expect(choose("carol")).toBe("b");
    expect(choose("erin")).toBe("a");
    // 14.43 would be "c" in document order (c covers [0, 20) there): the id order decides.
    expect(choose("dave")).toBe("a");
    expect(choose("alice")).toBeNull();
  });

  it("returns null for a state without multivariate values", () => {
    expect(chooseMultivariateValue(state(mvFeature), "env-key_bob")).toBeNull();
  });

  it("always picks a value when allocations sum to 100", () => {
    const full = state(mvFeature, {
      django_id: 5,
      multivariate_feature_state_values: [
        mvValue(1, 50, { id: 1, value: 1 }),
        mvValue(2, 50, { id: 2, value: 2 }),
      ],
    });
    fc.assert(fc.property(fc.string(), (key) => chooseMultivariateValue(full, key) !== null));
  });

  it("splits identities roughly by allocation", () => {
    const picks = fc
      .sample(fc.uuid(), { numRuns: 4000, seed: 42 })
      .map((key) => chooseMultivariateValue(mvState, key)?.multivariate_feature_option.key ?? "control");
    const share = (key: string) => (picks.filter((pick) => pick === key).length / picks.length) * 100;
    expect(Math.abs(share("a") - 30)).toBeLessThan(4);
    expect(Math.abs(share("b") - 30)).toBeLessThan(4);
    expect(Math.abs(share("c") - 20)).toBeLessThan(4);
    expect(Math.abs(share("control") - 20)).toBeLessThan(4);
  });
});

describe("sortMultivariateValues", () => {
  it("sorts by id, then values without an id by their uuid as a 128-bit integer", () => {
    const sorted = sortMultivariateValues([
      mvValue(null, 10, { id: 1, value: "x" }, "ffffffff-0000-4000-8000-000000000000"),
      mvValue(null, 10, { id: 2, value: "y" }, "0000000a-0000-4000-8000-000000000000"),
      mvValue(10, 10, { id: 3, value: "z" }),
      mvValue(2, 10, { id: 4, value: "w" }),
      mvValue(null, 10, { id: 5, value: "v" }, "not-a-uuid"),
    ]);
    expect(sorted.map((value) => value.multivariate_feature_option.value)).toEqual(["w", "z", "y", "x", "v"]);
  });
});

describe("getMultivariateSeed", () => {
  it("is the state's id, or its uuid when it has none", () => {
    expect(getMultivariateSeed(mvState)).toBe("100");
    expect(getMultivariateSeed(state(mvFeature, { featurestate_uuid: "abc" }))).toBe("abc");
  });
});
