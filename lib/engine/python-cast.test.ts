import { describe, expect, it } from "vitest";
import { parsePythonFloat, parsePythonInt, toAsciiDigits } from "./python-cast";

// Expected results were checked against python3's int() and float() on this machine.
describe("parsePythonInt (Python int(str))", () => {
  it.each([
    ["5", 5n],
    [" 5 ", 5n],
    ["\u00a05\u2003", 5n],
    ["\x855", 5n],
    ["+5", 5n],
    ["-5", -5n],
    ["00012", 12n],
    ["1_000", 1000n],
    ["٣٤", 34n],
    ["𝟘𝟙", 1n],
    ["99999999999999999999", 99999999999999999999n],
  ])("int(%j) = %s", (text, expected) => {
    expect(parsePythonInt(text)).toBe(expected);
  });

  it.each([
    "5.0",
    "1e3",
    "",
    " ",
    "1 2",
    "--1",
    "+-1",
    "1__000",
    "_1",
    "1_",
    "0x10",
    "0b1",
    "\ufeff5",
    "\x1c5",
    "inf",
  ])("int(%j) raises", (text) => {
    expect(parsePythonInt(text)).toBeNull();
  });

  it("refuses more than 4300 digits, like CPython's default limit", () => {
    expect(parsePythonInt("9".repeat(4300))).not.toBeNull();
    expect(parsePythonInt("9".repeat(4301))).toBeNull();
  });
});

describe("parsePythonFloat (Python float(str))", () => {
  it.each([
    ["5", 5],
    ["5.0", 5],
    ["1e3", 1000],
    ["1E3", 1000],
    [".5", 0.5],
    ["5.", 5],
    ["1_0.5_5", 10.55],
    ["1e1_0", 1e10],
    ["1.5e-3", 0.0015],
    [" -2.5\n", -2.5],
    ["inf", Infinity],
    ["-Infinity", -Infinity],
    ["+inf", Infinity],
    ["٣.5", 3.5],
  ])("float(%j) = %s", (text, expected) => {
    expect(parsePythonFloat(text)).toBe(expected);
  });

  it("parses nan in any case", () => {
    expect(parsePythonFloat("nAn")).toBeNaN();
  });

  it.each(["", "abc", "1._5", "1e", "e3", "infinit", "0x10", "1j", "1,5", "\x1c5", "١٫٥"])(
    "float(%j) raises",
    (text) => {
      expect(parsePythonFloat(text)).toBeNull();
    },
  );
});

describe("toAsciiDigits", () => {
  it("maps decimal digits of any script to ASCII and leaves other characters alone", () => {
    expect(toAsciiDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(toAsciiDigits("१२३")).toBe("123");
    expect(toAsciiDigits("𝟡x")).toBe("9x");
    expect(toAsciiDigits("½Ⅻ")).toBe("½Ⅻ");
  });
});
