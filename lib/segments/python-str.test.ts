import { describe, expect, it } from "vitest";
import { pythonStr } from "./python-str";

describe("pythonStr", () => {
  it.each([
    ["abc", "abc"],
    ["", ""],
    [true, "True"],
    [false, "False"],
    [0, "0"],
    [42, "42"],
    [-7, "-7"],
    [1.5, "1.5"],
    [-0.25, "-0.25"],
    [0.1, "0.1"],
    [0.0001, "0.0001"],
    [0.00001, "1e-05"],
    [1.5e-7, "1.5e-07"],
    [123456.789, "123456.789"],
    [1234.5e-10, "1.2345e-07"],
    [1e16, "10000000000000000"],
    [2.5e20, "250000000000000000000"],
    [1e22, "1e+22"],
    [2 ** 64, "18446744073709551616"],
  ] as const)("%s → %s", (input, expected) => {
    expect(pythonStr(input)).toBe(expected);
  });
});
