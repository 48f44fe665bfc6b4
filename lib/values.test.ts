import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isInt32,
  pythonNumberString,
  readValue,
  readValueObject,
  storeFeatureValue,
  storeInitialValue,
  storeTraitValue,
  storeValueObject,
  traitValueJson,
} from "./values";

describe("storeFeatureValue", () => {
  it("keeps 32-bit integers as integers and turns larger ones into strings", () => {
    expect(storeFeatureValue(0)).toEqual({ valueType: "int", value: "0" });
    expect(storeFeatureValue(2147483647)).toEqual({ valueType: "int", value: "2147483647" });
    expect(storeFeatureValue(-2147483648)).toEqual({ valueType: "int", value: "-2147483648" });
    expect(storeFeatureValue(2147483648)).toEqual({ valueType: "unicode", value: "2147483648" });
    expect(storeFeatureValue(-2147483649)).toEqual({ valueType: "unicode", value: "-2147483649" });
    expect(storeFeatureValue(1e21)).toEqual({ valueType: "unicode", value: "1e+21" });
  });

  it("stores floats as the string Python prints", () => {
    expect(storeFeatureValue(1.5)).toEqual({ valueType: "unicode", value: "1.5" });
    expect(storeFeatureValue(0.1)).toEqual({ valueType: "unicode", value: "0.1" });
    expect(storeFeatureValue(-2.25)).toEqual({ valueType: "unicode", value: "-2.25" });
    expect(storeFeatureValue(1e-7)).toEqual({ valueType: "unicode", value: "1e-07" });
    expect(storeFeatureValue(1.5e16)).toEqual({ valueType: "unicode", value: "15000000000000000" });
  });

  it("types booleans, strings and null by their JSON type", () => {
    expect(storeFeatureValue(true)).toEqual({ valueType: "bool", value: "true" });
    expect(storeFeatureValue(false)).toEqual({ valueType: "bool", value: "false" });
    expect(storeFeatureValue("42")).toEqual({ valueType: "unicode", value: "42" });
    expect(storeFeatureValue("true")).toEqual({ valueType: "unicode", value: "true" });
    expect(storeFeatureValue("")).toEqual({ valueType: "unicode", value: "" });
    expect(storeFeatureValue(null)).toEqual({ valueType: "unicode", value: null });
    expect(storeFeatureValue(undefined)).toEqual({ valueType: "unicode", value: null });
  });

  it("round-trips every scalar through readValue as a JSON-equal value or its string", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.boolean(),
          fc.integer(),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
        ),
        (raw) => {
          const back = readValue(storeFeatureValue(raw));
          if (typeof raw === "number" && !isInt32(raw)) expect(typeof back).toBe("string");
          else expect(back).toEqual(Object.is(raw, -0) ? 0 : raw);
        },
      ),
    );
  });
});

describe("storeInitialValue", () => {
  it("types 32-bit integer strings as integers, as Python's int() reads them", () => {
    expect(storeInitialValue("12")).toEqual({ valueType: "int", value: "12" });
    expect(storeInitialValue("-7")).toEqual({ valueType: "int", value: "-7" });
    expect(storeInitialValue(" 42 ")).toEqual({ valueType: "int", value: "42" });
    expect(storeInitialValue("+5")).toEqual({ valueType: "int", value: "5" });
    expect(storeInitialValue("007")).toEqual({ valueType: "int", value: "7" });
    expect(storeInitialValue("1_000")).toEqual({ valueType: "int", value: "1000" });
    expect(storeInitialValue("2147483647")).toEqual({ valueType: "int", value: "2147483647" });
    expect(storeInitialValue("2147483648")).toEqual({ valueType: "unicode", value: "2147483648" });
    expect(storeInitialValue("1__0")).toEqual({ valueType: "unicode", value: "1__0" });
    expect(storeInitialValue("1.5")).toEqual({ valueType: "unicode", value: "1.5" });
    expect(storeInitialValue("")).toEqual({ valueType: "unicode", value: "" });
  });

  it("types exactly true/True/false/False as booleans", () => {
    expect(storeInitialValue("true")).toEqual({ valueType: "bool", value: "true" });
    expect(storeInitialValue("True")).toEqual({ valueType: "bool", value: "true" });
    expect(storeInitialValue("false")).toEqual({ valueType: "bool", value: "false" });
    expect(storeInitialValue("False")).toEqual({ valueType: "bool", value: "false" });
    expect(storeInitialValue("TRUE")).toEqual({ valueType: "unicode", value: "TRUE" });
    expect(storeInitialValue(" true")).toEqual({ valueType: "unicode", value: " true" });
  });

  it("keeps null as no value", () => {
    expect(storeInitialValue(null)).toEqual({ valueType: "unicode", value: null });
    expect(storeInitialValue(undefined)).toEqual({ valueType: "unicode", value: null });
  });
});

describe("value objects", () => {
  it("stores the field matching the type", () => {
    expect(storeValueObject({ type: "int", integer_value: 3, string_value: "x" })).toEqual({
      valueType: "int",
      value: "3",
    });
    expect(storeValueObject({ type: "bool", boolean_value: false })).toEqual({
      valueType: "bool",
      value: "false",
    });
    expect(storeValueObject({ string_value: "a" })).toEqual({ valueType: "unicode", value: "a" });
    expect(storeValueObject({ type: "int" })).toEqual({ valueType: "int", value: null });
  });

  it("reads back with the other fields null", () => {
    expect(readValueObject({ valueType: "int", value: "3" })).toEqual({
      type: "int",
      integer_value: 3,
      string_value: null,
      boolean_value: null,
    });
    expect(readValueObject({ valueType: "bool", value: "true" })).toMatchObject({
      type: "bool",
      boolean_value: true,
    });
    expect(readValueObject({ valueType: "unicode", value: null })).toMatchObject({
      type: "unicode",
      string_value: null,
    });
  });
});

describe("pythonNumberString", () => {
  it("prints as Python's str()", () => {
    expect(pythonNumberString(3)).toBe("3");
    // The exact value of the double, as Python prints the integer literal 2**64.
    expect(pythonNumberString(18446744073709552000)).toBe("18446744073709551616");
    expect(pythonNumberString(0.5)).toBe("0.5");
    expect(pythonNumberString(1e22)).toBe("1e+22");
  });
});

describe("trait values", () => {
  it("stores floats as Python prints them and reads them back as numbers", () => {
    expect(storeTraitValue(2.5)).toEqual({ valueType: "float", value: "2.5" });
    expect(storeTraitValue(2, { isFloat: true })).toEqual({ valueType: "float", value: "2.0" });
    expect(storeTraitValue(1e-7)).toEqual({ valueType: "float", value: "1e-07" });
    expect(storeTraitValue(2)).toEqual({ valueType: "int", value: "2" });
    expect(readValue({ valueType: "float", value: "2.0" })).toBe(2);
    expect(readValue({ valueType: "float", value: "1e-07" })).toBe(1e-7);
  });

  it("writes a float trait's JSON with its fraction, anything else as JSON.stringify", () => {
    expect(traitValueJson(2, "float")).toBe("2.0");
    expect(traitValueJson(1e16, "float")).toBe("1e+16");
    expect(traitValueJson(2, "int")).toBe("2");
    expect(traitValueJson("2.0", "unicode")).toBe('"2.0"');
    expect(traitValueJson(true, "bool")).toBe("true");
    for (const x of [2, 0.1, -3, 1e-7, 123456789.5]) expect(JSON.parse(traitValueJson(x, "float"))).toBe(x);
  });
});
