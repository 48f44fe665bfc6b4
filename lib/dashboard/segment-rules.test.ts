import { describe, expect, it } from "vitest";
import {
  apiConditionErrors,
  draftIsValid,
  fromApiRules,
  toApiRules,
  validateCondition,
  type GroupDraft,
} from "./segment-rules";
import { CONDITION_MESSAGES } from "@/lib/segments/conditions";

const group = (...conditions: [string, string, string][]): GroupDraft => ({
  key: "g",
  conditions: conditions.map(([property, operator, value], i) => ({
    key: `c${i}`,
    property,
    operator: operator as never,
    value,
  })),
});

describe("segment rule drafts", () => {
  it("sends AND groups of OR conditions as one ALL rule of ANY rules", () => {
    const rules = toApiRules([
      group(["plan", "EQUAL", "pro"], ["plan", "EQUAL", "team"]),
      group(["", "PERCENTAGE_SPLIT", "25"], ["beta", "IS_SET", "x"]),
    ]);
    expect(rules).toEqual([
      {
        type: "ALL",
        conditions: [],
        rules: [
          {
            type: "ANY",
            rules: [],
            conditions: [
              { property: "plan", operator: "EQUAL", value: "pro" },
              { property: "plan", operator: "EQUAL", value: "team" },
            ],
          },
          {
            type: "ANY",
            rules: [],
            conditions: [
              { property: "", operator: "PERCENTAGE_SPLIT", value: "25" },
              { property: "beta", operator: "IS_SET", value: null },
            ],
          },
        ],
      },
    ]);
  });

  it("reads back what it sends, and ALL conditions as groups of one", () => {
    const sent = toApiRules([group(["a", "EQUAL", "1"], ["b", "IN", "x,y"])]);
    const { groups, exact } = fromApiRules(sent);
    expect(exact).toBe(true);
    expect(groups.map((g) => g.conditions.map((c) => [c.property, c.operator, c.value]))).toEqual([
      [
        ["a", "EQUAL", "1"],
        ["b", "IN", "x,y"],
      ],
    ]);

    const flat = fromApiRules([
      {
        type: "ALL",
        rules: [],
        conditions: [
          { property: "a", operator: "EQUAL", value: "1" },
          { property: "b", operator: "EQUAL", value: "2" },
        ],
      },
    ]);
    expect(flat.groups).toHaveLength(2);
    expect(
      fromApiRules([
        { type: "NONE", rules: [], conditions: [{ property: "a", operator: "EQUAL", value: "1" }] },
      ]).exact,
    ).toBe(false);
  });

  it("validates values for their operator", () => {
    const check = (operator: string, value: string, property = "p") =>
      validateCondition({ key: "k", property, operator: operator as never, value });
    expect(check("EQUAL", "")).toEqual({ value: "Enter a value." });
    expect(check("EQUAL", "x", "")).toEqual({ property: "Enter the trait this condition looks at." });
    expect(check("PERCENTAGE_SPLIT", "101", "")).toEqual({ value: CONDITION_MESSAGES.percentageSplit });
    expect(check("PERCENTAGE_SPLIT", "", "")).toEqual({ value: "Enter a percentage from 0 to 100." });
    expect(check("GREATER_THAN", "1.2:semver")).toEqual({ value: CONDITION_MESSAGES.semver });
    expect(check("GREATER_THAN", "1.2.0:semver")).toEqual({});
    expect(check("REGEX", "(")).toEqual({ value: CONDITION_MESSAGES.regex });
    expect(check("PERCENTAGE_SPLIT", "12.5", "")).toEqual({});
    expect(check("MODULO", "2|1")).toEqual({});
    expect(check("MODULO", "0|1")).toEqual({ value: CONDITION_MESSAGES.modulo });
    expect(check("MODULO", "2")).toEqual({ value: CONDITION_MESSAGES.modulo });
    expect(check("IN", "")).toEqual({ value: "Add at least one value." });
    expect(check("REGEX", "")).toEqual({ value: "Enter a regular expression." });
    expect(check("REGEX", "(?P<user>\\w+)@")).toEqual({});
    expect(check("IS_NOT_SET", "")).toEqual({});
    expect(draftIsValid([])).toBe(false);
    expect(draftIsValid([group(["p", "IS_SET", ""])])).toBe(true);
  });

  it("places the API's nested field errors on their conditions", () => {
    const errors = apiConditionErrors({
      rules: [{ rules: [{}, { conditions: [{}, { value: ["Bad value."] }] }] }],
    });
    expect([...errors]).toEqual([["1.1.value", "Bad value."]]);
  });
});
