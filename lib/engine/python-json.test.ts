import { describe, expect, it } from "vitest";
import { parsePythonJsonList } from "./python-json";

// Expected lists are [str(x) for x in json.loads(text)], computed with python3 on this machine.
describe("parsePythonJsonList", () => {
  it("keeps Python's int / float distinction and spelling", () => {
    expect(
      parsePythonJsonList('[1, 1.0, true, false, null, "a", 1e2, -0.0, 12345678901234567890123]'),
    ).toEqual(["1", "1.0", "True", "False", "None", "a", "100.0", "-0.0", "12345678901234567890123"]);
    expect(parsePythonJsonList("[1.5E+3]")).toEqual(["1500.0"]);
    expect(parsePythonJsonList("[NaN, Infinity, -Infinity]")).toEqual(["nan", "inf", "-inf"]);
  });

  it("prints nested containers with repr()", () => {
    expect(parsePythonJsonList('[[1, "x"], {"a": ["b"]}]')).toEqual(["[1, 'x']", "{'a': ['b']}"]);
    expect(parsePythonJsonList('[["it\'s"]]')).toEqual(['["it\'s"]']);
    expect(parsePythonJsonList('[{"k": null, "k": 2}]')).toEqual(["{'k': 2}"]);
  });

  it("decodes string escapes", () => {
    expect(parsePythonJsonList('["a\\u00e9\\n"]')).toEqual(["aé\n"]);
    expect(parsePythonJsonList('["\\ud83d\\ude00"]')).toEqual(["😀"]);
  });

  it("accepts surrounding JSON whitespace", () => {
    expect(parsePythonJsonList(" [1] ")).toEqual(["1"]);
  });

  it.each(["1", '"a"', "[1,]", "[01]", "[1 2]", "", '["x"] x', "[-]", '["tab\there"]', "{}", "[", "1,2"])(
    "returns null when json.loads(%j) fails or is not a list",
    (text) => {
      expect(parsePythonJsonList(text)).toBeNull();
    },
  );

  it("survives absurd nesting instead of throwing", () => {
    expect(parsePythonJsonList("[".repeat(100_000))).toBeNull();
  });
});
