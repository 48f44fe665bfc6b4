import { describe, expect, it } from "vitest";
import { sampleTraitSets } from "./sample-traits";

describe("sampleTraitSets", () => {
  const segments = [
    {
      rules: [
        {
          type: "ALL",
          rules: [
            {
              type: "ANY",
              conditions: [
                { property: "plan", operator: "EQUAL", value: "pro" },
                { property: "seats", operator: "GREATER_THAN", value: "50" },
                { property: "country", operator: "IN", value: "fr,de" },
                { property: "n", operator: "MODULO", value: "2|0" },
                { property: "v", operator: "LESS_THAN", value: "2.1.0:semver" },
              ],
            },
          ],
        },
      ],
    },
  ];

  it("draws each property's values from its conditions, and sometimes leaves it out", () => {
    const sets = sampleTraitSets(segments, 12);
    expect(sets).toHaveLength(12);
    expect(new Set(sets.map((s) => s.plan))).toEqual(new Set(["pro", "pro-other", undefined]));
    expect(new Set(sets.map((s) => s.seats))).toEqual(new Set([49, 50, 51, undefined]));
    expect(new Set(sets.map((s) => s.country))).toEqual(new Set(["fr", "de", undefined]));
    expect(new Set(sets.map((s) => s.n))).toEqual(new Set([0, 1, undefined]));
    expect(new Set(sets.map((s) => s.v))).toEqual(new Set(["2.1.0", undefined]));
  });

  it("is the same every time (no randomness)", () => {
    expect(sampleTraitSets(segments, 5)).toEqual(sampleTraitSets(segments, 5));
  });
});
