import { describe, expect, it } from "vitest";
import { idList, valueMatches } from "./list-filters";

describe("valueMatches", () => {
  it("finds part of a string value in any case", () => {
    expect(valueMatches({ valueType: "unicode", value: "Hello World" }, "o w")).toBe(true);
    expect(valueMatches({ valueType: "unicode", value: "Hello World" }, "WORLD")).toBe(true);
    expect(valueMatches({ valueType: "unicode", value: "Hello" }, "bye")).toBe(false);
    expect(valueMatches({ valueType: "unicode", value: null }, "")).toBe(false);
  });

  it("matches booleans and integers exactly", () => {
    expect(valueMatches({ valueType: "bool", value: "true" }, "True")).toBe(true);
    expect(valueMatches({ valueType: "bool", value: "false" }, "true")).toBe(false);
    expect(valueMatches({ valueType: "bool", value: "true" }, "tru")).toBe(false);
    expect(valueMatches({ valueType: "int", value: "12" }, "12")).toBe(true);
    expect(valueMatches({ valueType: "int", value: "12" }, "1")).toBe(false);
    expect(valueMatches({ valueType: "int", value: "-3" }, "-3")).toBe(false);
  });
});

describe("idList", () => {
  it("reads absent, empty and listed tags", () => {
    expect(idList(undefined)).toBeUndefined();
    expect(idList(" ")).toEqual([]);
    expect(idList("1, 2,3")).toEqual([1, 2, 3]);
  });

  it("turns an id past 32 bits into one that names no row, so it still matches nothing", () => {
    expect(idList("99999999999,2")).toEqual([0, 2]);
    expect(idList("2147483648")).toEqual([0]);
    expect(idList("2147483647")).toEqual([2147483647]);
  });
});
