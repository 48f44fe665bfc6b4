import { describe, expect, it } from "vitest";
import type { ResolvedFlag } from "@/lib/engine";
import { feature, state } from "@/lib/engine/test-fixtures";
import { toOfrepFlag } from "./evaluate";

function resolved(overrides: Partial<ResolvedFlag> & { value: ResolvedFlag["value"] }): ResolvedFlag {
  const feat = overrides.feature ?? feature(1, "flag");
  return {
    feature: feat,
    state: state(feat),
    enabled: true,
    variant: null,
    multivariateValue: null,
    overriddenBy: null,
    segment: null,
    reason: "DEFAULT",
    ...overrides,
  };
}

describe("toOfrepFlag", () => {
  it("answers enabled for a flag without a value, the value otherwise, and objects for JSON text", () => {
    expect(toOfrepFlag(resolved({ value: null }), true).value).toBe(true);
    expect(toOfrepFlag(resolved({ value: "" }), true).value).toBe(true);
    expect(toOfrepFlag(resolved({ value: 7 }), true).value).toBe(7);
    expect(toOfrepFlag(resolved({ value: '{"a":[1]}' }), true).value).toEqual({ a: [1] });
    expect(toOfrepFlag(resolved({ value: "[1,2]" }), true).value).toEqual([1, 2]);
    expect(toOfrepFlag(resolved({ value: "{not json" }), true).value).toBe("{not json");
  });

  it("maps the engine's outcome to OpenFeature reasons", () => {
    expect(toOfrepFlag(resolved({ value: "x" }), false).reason).toBe("STATIC");
    expect(toOfrepFlag(resolved({ value: "x" }), true).reason).toBe("DEFAULT");
    expect(toOfrepFlag(resolved({ value: "x", enabled: false }), true)).toEqual({
      key: "flag",
      value: "x",
      reason: "DISABLED",
      metadata: { enabled: false },
    });
    expect(
      toOfrepFlag(resolved({ value: "x", overriddenBy: "IDENTITY", reason: "IDENTITY_OVERRIDE" }), true)
        .reason,
    ).toBe("TARGETING_MATCH");
    const segment = resolved({
      value: "x",
      overriddenBy: "SEGMENT",
      segment: { id: 3, name: "gold" },
      reason: "TARGETING_MATCH; segment=gold",
    });
    expect(toOfrepFlag(segment, true)).toEqual({
      key: "flag",
      value: "x",
      reason: "TARGETING_MATCH",
      metadata: { enabled: true, segment: "gold" },
    });
    const mv = feature(2, "colour", "MULTIVARIATE");
    expect(
      toOfrepFlag(
        resolved({ feature: mv, value: "blue", variant: null, reason: "SPLIT; weight=50.0" }),
        true,
      ),
    ).toMatchObject({
      reason: "SPLIT",
      variant: "blue",
    });
    expect(toOfrepFlag(resolved({ feature: mv, value: "grey", variant: "control" }), true).variant).toBe(
      "control",
    );
  });
});
