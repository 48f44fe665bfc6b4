import { describe, expect, it } from "vitest";
import { formatJson, kindOf, parseValue } from "./values";

describe("JSON values", () => {
  it("recognises text holding a JSON object or list", () => {
    expect(kindOf('{"a": 1}')).toBe("json");
    expect(kindOf("[1, 2]")).toBe("json");
    expect(kindOf("{not json")).toBe("string");
    expect(kindOf('"quoted"')).toBe("string");
    expect(kindOf("1.5")).toBe("float");
  });

  it("keeps the exact text of valid JSON and explains invalid JSON", () => {
    const text = '{\n  "b": [1, 2],\n  "a": true\n}';
    expect(parseValue("json", text)).toEqual({ ok: true, value: text });
    const bad = parseValue("json", '{"a": }');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^Invalid JSON: /);
    expect(parseValue("json", "  ").ok).toBe(false);
  });

  it("formats with two-space indentation, leaving invalid text alone", () => {
    expect(formatJson('{"a":[1,2]}')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(formatJson("{oops")).toBe("{oops");
  });
});
