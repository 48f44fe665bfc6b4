import { describe, expect, it } from "vitest";
import { matchesCondition } from "./conditions";
import { cond, context, trait } from "./test-fixtures";
import { OPERATORS, type Operator, type TraitValue, type TraitValueType } from "./types";

// Expectations follow Flagsmith's Python engine v10; the trickier rows were cross-checked
// against an independent Python model of the same semantics run with python3.
function check(
  operator: Operator,
  value: string | null,
  traitValue: TraitValue | null | undefined,
  valueType?: TraitValueType,
): boolean {
  const traits = traitValue === undefined ? [] : [trait("t", traitValue, valueType)];
  return matchesCondition(context(traits), cond(operator, "t", value), "5");
}

describe("missing traits", () => {
  it.each(OPERATORS.filter((op) => op !== "IS_NOT_SET" && op !== "PERCENTAGE_SPLIT"))(
    "%s is false when the trait is absent or null",
    (operator) => {
      expect(check(operator, "x", undefined)).toBe(false);
      expect(check(operator, "x", null)).toBe(false);
    },
  );

  it("IS_NOT_SET is true for an absent or null trait, IS_SET the opposite", () => {
    expect(check("IS_NOT_SET", null, undefined)).toBe(true);
    expect(check("IS_NOT_SET", null, null)).toBe(true);
    expect(check("IS_NOT_SET", null, "")).toBe(false);
    expect(check("IS_SET", null, "")).toBe(true);
    expect(check("IS_SET", null, false)).toBe(true);
    expect(check("IS_SET", null, 0)).toBe(true);
  });

  it("treats a condition without a property as missing", () => {
    expect(matchesCondition(context([trait("t", "a")]), cond("EQUAL", null, "a"), "5")).toBe(false);
    expect(matchesCondition(context([trait("t", "a")]), cond("IS_NOT_SET", "", null), "5")).toBe(true);
  });
});

describe("EQUAL / NOT_EQUAL / orderings: the value is cast to the trait's type", () => {
  it("int traits cast with int(): whitespace, sign and underscores allowed, decimals not", () => {
    expect(check("EQUAL", "5", 5)).toBe(true);
    expect(check("EQUAL", " 5 ", 5)).toBe(true);
    expect(check("EQUAL", "+5", 5)).toBe(true);
    expect(check("EQUAL", "1_000", 1000)).toBe(true);
    expect(check("EQUAL", "٥", 5)).toBe(true);
    // int("5.0") raises, so both EQUAL and NOT_EQUAL are false.
    expect(check("EQUAL", "5.0", 5)).toBe(false);
    expect(check("NOT_EQUAL", "5.0", 5)).toBe(false);
    expect(check("NOT_EQUAL", "abc", 5)).toBe(false);
    expect(check("NOT_EQUAL", "6", 5)).toBe(true);
    expect(check("GREATER_THAN", "4", 5)).toBe(true);
    expect(check("GREATER_THAN", "5", 5)).toBe(false);
    expect(check("GREATER_THAN_INCLUSIVE", "5", 5)).toBe(true);
    expect(check("LESS_THAN", "-1", -3)).toBe(true);
    expect(check("LESS_THAN_INCLUSIVE", "-3", -3)).toBe(true);
    expect(check("EQUAL", null, 5)).toBe(false);
  });

  it("numeric-looking string traits are numbers: '42' < '5' is false", () => {
    expect(check("LESS_THAN", "5", "42")).toBe(false);
    expect(check("GREATER_THAN", "5", "42")).toBe(true);
    expect(check("EQUAL", "42", "042")).toBe(true);
    expect(check("EQUAL", "12345678901234567890", "12345678901234567890")).toBe(true);
    expect(check("GREATER_THAN", "12345678901234567889", "12345678901234567890")).toBe(true);
    // A leading space or sign keeps the trait a string, compared as text.
    expect(check("LESS_THAN", "5", " 42")).toBe(true);
    expect(check("EQUAL", "42", "+42")).toBe(false);
  });

  it("int and float are different Python types", () => {
    expect(check("EQUAL", "5", 5, "float")).toBe(true);
    expect(check("EQUAL", "5.0", 5, "float")).toBe(true);
    expect(check("EQUAL", "5.0", "5.0")).toBe(true);
    expect(check("EQUAL", "5", "5.0")).toBe(true);
    expect(check("EQUAL", "5.0", 5, "int")).toBe(false);
  });

  // A trait sent as JSON 2.0 (Python, Java, Go and .NET SDKs) arrives typed "float".
  it.each([
    ["LESS_THAN", "2.1", true, false],
    ["LESS_THAN_INCLUSIVE", "2.0", true, false],
    ["EQUAL", "2.0", true, false],
    ["EQUAL", "2", true, true],
    ["NOT_EQUAL", "2.5", true, false],
    ["GREATER_THAN", "1.9", true, false],
    ["IN", "2,2.0", false, true],
    ["MODULO", "2|0", true, true],
    ["REGEX", "^2\\.0$", true, false],
  ] as const)("%s %j on 2 typed float: %s, typed int: %s", (operator, value, asFloat, asInt) => {
    expect(check(operator, value, 2, "float")).toBe(asFloat);
    expect(check(operator, value, 2, "int")).toBe(asInt);
  });

  it("float traits cast with float(): exponents, inf and nan", () => {
    expect(check("EQUAL", "4.5", 4.5)).toBe(true);
    expect(check("EQUAL", "45e-1", 4.5)).toBe(true);
    expect(check("LESS_THAN", "inf", 4.5)).toBe(true);
    expect(check("GREATER_THAN", "-Infinity", 4.5)).toBe(true);
    expect(check("EQUAL", "nan", 4.5)).toBe(false);
    expect(check("NOT_EQUAL", "nan", 4.5)).toBe(true);
    expect(check("GREATER_THAN", "abc", 4.5)).toBe(false);
    expect(check("NOT_EQUAL", "abc", 4.5)).toBe(false);
  });

  it("bool traits: every string except 'False'/'false' casts to True", () => {
    for (const value of ["true", "True", "TRUE", "yes", "0", "", "FALSE"])
      expect(check("EQUAL", value, true)).toBe(true);
    expect(check("EQUAL", null, true)).toBe(true);
    expect(check("EQUAL", "false", true)).toBe(false);
    expect(check("EQUAL", "False", false)).toBe(true);
    expect(check("EQUAL", "FALSE", false)).toBe(false);
    expect(check("NOT_EQUAL", "false", true)).toBe(true);
    expect(check("GREATER_THAN", "false", true)).toBe(true);
    expect(check("LESS_THAN", "true", false)).toBe(true);
  });

  it("the strings 'True'/'true' stay strings (only JSON booleans are bools)", () => {
    expect(check("EQUAL", "True", "True")).toBe(true);
    expect(check("EQUAL", "yes", "True")).toBe(false);
  });

  it("string traits compare as text, by code point; a null value is the empty string", () => {
    expect(check("EQUAL", "abc", "abc")).toBe(true);
    expect(check("EQUAL", "ABC", "abc")).toBe(false);
    expect(check("GREATER_THAN", "abc", "abd")).toBe(true);
    expect(check("LESS_THAN", "b", "abc")).toBe(true);
    expect(check("GREATER_THAN", "\uff5e", "😀")).toBe(true);
    // Flagsmith's API maps a null condition value to "" before the engine sees it.
    expect(check("EQUAL", null, "")).toBe(true);
    expect(check("EQUAL", null, "None")).toBe(false);
    expect(check("NOT_EQUAL", null, "x")).toBe(true);
    expect(check("REGEX", null, "anything")).toBe(true);
    expect(check("NOT_CONTAINS", null, "x")).toBe(false);
  });
});

describe("CONTAINS / NOT_CONTAINS", () => {
  it("CONTAINS is a substring test on string traits only", () => {
    expect(check("CONTAINS", "ell", "hello")).toBe(true);
    expect(check("CONTAINS", "", "hello")).toBe(true);
    expect(check("CONTAINS", "Ell", "hello")).toBe(false);
    expect(check("CONTAINS", "2", 123)).toBe(false);
    expect(check("CONTAINS", "2", "123")).toBe(false);
    expect(check("CONTAINS", "5", 1.5)).toBe(false);
    expect(check("CONTAINS", "true", true)).toBe(false);
  });

  it("NOT_CONTAINS is true only for string traits lacking the value", () => {
    expect(check("NOT_CONTAINS", "xyz", "hello")).toBe(true);
    expect(check("NOT_CONTAINS", "ell", "hello")).toBe(false);
    expect(check("NOT_CONTAINS", "9", 123)).toBe(false);
    expect(check("NOT_CONTAINS", "9", "123")).toBe(false);
    expect(check("NOT_CONTAINS", "x", true)).toBe(false);
    expect(check("NOT_CONTAINS", null, "Nonesuch")).toBe(false);
  });
});

describe("REGEX", () => {
  it("anchors at the start only (re.match)", () => {
    expect(check("REGEX", "[a-z]+@example\\.com", "bob@example.com")).toBe(true);
    expect(check("REGEX", "example", "bob@example.com")).toBe(false);
    expect(check("REGEX", ".*example", "bob@example.com")).toBe(true);
    expect(check("REGEX", "bob", "bob@example.com")).toBe(true);
  });

  it("matches against str() of the normalised trait", () => {
    expect(check("REGEX", "00", "007")).toBe(false);
    expect(check("REGEX", "7$", "007")).toBe(true);
    expect(check("REGEX", "1\\.5$", "1.50")).toBe(true);
    expect(check("REGEX", "5\\.0$", 5, "float")).toBe(true);
    expect(check("REGEX", "Tr", true)).toBe(true);
    expect(check("REGEX", "tr", true)).toBe(false);
  });

  it("is false for an invalid pattern", () => {
    expect(check("REGEX", "[", "[")).toBe(false);
    expect(check("REGEX", "(", "(")).toBe(false);
  });
});

describe("MODULO", () => {
  it("applies 'divisor|remainder' to numeric traits with Python's float %", () => {
    expect(check("MODULO", "3|1", 10)).toBe(true);
    expect(check("MODULO", "3|1.0", 10)).toBe(true);
    expect(check("MODULO", "3|2", 10)).toBe(false);
    expect(check("MODULO", "2|1.5", 7.5)).toBe(true);
    expect(check("MODULO", "2|0", "10")).toBe(true);
    expect(check("MODULO", "3|2", -1)).toBe(true);
    expect(check("MODULO", "-3|-1", 2)).toBe(true);
    expect(check("MODULO", "0.5|0", 2)).toBe(true);
  });

  it("counts bools as 0/1, as Python's bool is an int", () => {
    expect(check("MODULO", "2|1", true)).toBe(true);
    expect(check("MODULO", "2|0", false)).toBe(true);
  });

  it.each(["3", "3|", "|1", "a|1", "1|x", "0|0", "", "2|1|0"])("is false for the bad value %j", (value) => {
    expect(check("MODULO", value, 10)).toBe(false);
  });

  it("is false for null values and non-numeric traits", () => {
    expect(check("MODULO", null, 10)).toBe(false);
    expect(check("MODULO", "2|0", "abc")).toBe(false);
    expect(check("MODULO", "2|0", " 10")).toBe(false);
  });
});

describe("IN", () => {
  it("splits on commas without trimming", () => {
    expect(check("IN", "a,b,c", "b")).toBe(true);
    expect(check("IN", "a, b,c", "b")).toBe(false);
    expect(check("IN", "a, b,c", " b")).toBe(true);
    expect(check("IN", "a,b", "a,b")).toBe(false);
    expect(check("IN", "", "")).toBe(true);
  });

  it("stringifies int traits (and numeric-string traits, which are ints)", () => {
    expect(check("IN", "41,42", 42)).toBe(true);
    expect(check("IN", "41,42", "42")).toBe(true);
    expect(check("IN", "41,042", "42")).toBe(false);
    expect(check("IN", "41,042", "042")).toBe(false);
  });

  it("never matches floats or bools", () => {
    expect(check("IN", "4.5,5", 4.5)).toBe(false);
    expect(check("IN", "4.5", "4.5")).toBe(false);
    expect(check("IN", "True,true", true)).toBe(false);
  });

  it("reads a JSON array, with Python's str() of each element", () => {
    expect(check("IN", '["a", "b"]', "b")).toBe(true);
    expect(check("IN", "[42]", 42)).toBe(true);
    expect(check("IN", "[4.0]", 4)).toBe(false);
    expect(check("IN", "[true]", "True")).toBe(true);
    expect(check("IN", '["x,y"]', "x,y")).toBe(true);
    expect(check("IN", "[1.5, null, false]", "None")).toBe(true);
    // Not a JSON array: falls back to commas.
    expect(check("IN", '["a", "b"', '["a"')).toBe(true);
    expect(check("IN", '{"a": 1}', '{"a": 1}')).toBe(true);
  });

  // Engine v10.0.4: only a value whose first character is "[" is tried as JSON.
  it.each([
    [' ["x,y"]', "x,y", false],
    [' ["x,y"]', ' ["x', true],
    ['"a"', '"a"', true],
    ['"a"', "a", false],
    ["\n[1]", "1", false],
    ["[1]", "1", true],
  ] as const)("IN %j holds for %j: %s", (value, traitValue, expected) => {
    expect(check("IN", value, traitValue)).toBe(expected);
  });

  it("reads a null value as the empty string", () => {
    expect(check("IN", null, "None")).toBe(false);
    expect(check("IN", null, "")).toBe(true);
  });
});

describe("unknown operators", () => {
  it("never match", () => {
    expect(check("BETWEEN" as unknown as Operator, "a", "a")).toBe(false);
  });
});
