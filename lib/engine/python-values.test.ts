import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareCodePoints,
  formatByExponent,
  formatPythonFloat,
  pyFromString,
  pyStr,
  pyStrOfTrait,
  toPyValue,
} from "./python-values";

describe("formatPythonFloat", () => {
  // Expected strings are Python 3.11's repr() of the same floats, run on this machine.
  it.each([
    [0, "0.0"],
    [-0, "-0.0"],
    [1, "1.0"],
    [1.5, "1.5"],
    [0.1, "0.1"],
    [1e16, "1e+16"],
    [1e15, "1000000000000000.0"],
    [123456789012345.6, "123456789012345.6"],
    [1e-4, "0.0001"],
    [1e-5, "1e-05"],
    [1.5e-5, "1.5e-05"],
    [1e21, "1e+21"],
    [1e22, "1e+22"],
    [2 ** 53, "9007199254740992.0"],
    [5e-324, "5e-324"],
    [1.7976931348623157e308, "1.7976931348623157e+308"],
    [0.30000000000000004, "0.30000000000000004"],
    [1.2345678901234568e18, "1.2345678901234568e+18"],
    [NaN, "nan"],
    [Infinity, "inf"],
    [-Infinity, "-inf"],
    [-2.5, "-2.5"],
  ])("repr(%s) is %s", (value, expected) => {
    expect(formatPythonFloat(value)).toBe(expected);
  });

  it("round-trips every finite double", () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (x) => Number(formatPythonFloat(x)) === x || (x === 0 && formatPythonFloat(x).endsWith("0.0")),
      ),
    );
  });

  it("writes the same text through String() as through the exponent layout", () => {
    const same = (x: number) => formatPythonFloat(x) === formatByExponent(x);
    fc.assert(fc.property(fc.double({ noNaN: true }), same), { numRuns: 20_000 });
    // The range String() serves, its edges and the integral values in it.
    fc.assert(fc.property(fc.double({ min: 1e-4, max: 1e16, noNaN: true }), same), { numRuns: 20_000 });
    fc.assert(fc.property(fc.integer({ min: -(2 ** 53), max: 2 ** 53 }), same), { numRuns: 5_000 });
    for (const edge of [1e-4, 1e16, 9999999999999998, 0.00009999999999999999, 1e-4 + 1e-20, 12.3, 100]) {
      expect(same(edge) && same(-edge)).toBe(true);
    }
  });
});

describe("trait normalisation (map_any_value_to_context_value)", () => {
  it("turns integer-looking strings into ints and decimal-looking strings into floats", () => {
    expect(pyFromString("42")).toEqual({ kind: "int", value: 42n });
    expect(pyFromString("-007")).toEqual({ kind: "int", value: -7n });
    expect(pyFromString("12345678901234567890")).toEqual({ kind: "int", value: 12345678901234567890n });
    expect(pyFromString("4.50")).toEqual({ kind: "float", value: 4.5 });
  });

  it("leaves anything else a string: signs, spaces, exponents, bare dots", () => {
    for (const text of ["+5", " 5", "5 ", "1e3", "5.", ".5", "1_000", "0x10", "", "٣", "True"]) {
      expect(pyFromString(text)).toEqual({ kind: "str", value: text });
    }
  });

  it("types JS numbers as int unless fractional or stored as float", () => {
    expect(toPyValue(5)).toEqual({ kind: "int", value: 5n });
    expect(toPyValue(5, "float")).toEqual({ kind: "float", value: 5 });
    expect(toPyValue(5.5, "int")).toEqual({ kind: "float", value: 5.5 });
    expect(toPyValue(true)).toEqual({ kind: "bool", value: true });
  });

  it("prints values with Python's str()", () => {
    expect(pyStr(toPyValue(true))).toBe("True");
    expect(pyStr(toPyValue(false))).toBe("False");
    expect(pyStr(toPyValue(5, "float"))).toBe("5.0");
    expect(pyStr(toPyValue("1.50"))).toBe("1.5");
    expect(pyStrOfTrait("1.50")).toBe("1.50");
    expect(pyStrOfTrait(3)).toBe("3");
  });
});

describe("compareCodePoints", () => {
  it("orders by code point like Python, not by UTF-16 unit like JS", () => {
    // U+FF5E (one unit 0xFF5E) sorts before U+1F600 (units 0xD83D 0xDE00) by code point.
    expect("\uff5e" < "😀").toBe(false);
    expect(compareCodePoints("\uff5e", "😀")).toBe(-1);
    expect(compareCodePoints("abc", "abd")).toBe(-1);
    expect(compareCodePoints("ab", "abc")).toBe(-1);
    expect(compareCodePoints("b", "abc")).toBe(1);
    expect(compareCodePoints("x", "x")).toBe(0);
  });
});
