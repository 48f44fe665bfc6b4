import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isJsonFloat, MAX_JSON_DEPTH, parseJsonBody } from "./json-body";

// The float marks live under a symbol key, which deep equality would compare: drop them.
const withoutMarks = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

const parsed = (text: string) => {
  const body = parseJsonBody(text);
  if (!body.ok) throw new Error(body.message);
  return body.value as Record<string, unknown>;
};

describe("parseJsonBody", () => {
  it("is undefined for an empty or blank body", () => {
    expect(parseJsonBody("")).toEqual({ ok: true, value: undefined });
    expect(parseJsonBody(" \n")).toEqual({ ok: true, value: undefined });
  });

  it("answers DRF's parse error for malformed JSON", () => {
    const body = parseJsonBody("{nope");
    expect(body.ok).toBe(false);
    expect(!body.ok && body.message).toMatch(/^JSON parse error - /);
  });

  it(`accepts ${MAX_JSON_DEPTH} levels of nesting and refuses one more`, () => {
    const nest = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
    expect(parseJsonBody(nest(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(parseJsonBody(nest(MAX_JSON_DEPTH + 1))).toEqual({
      ok: false,
      message: `JSON parse error - Nesting deeper than ${MAX_JSON_DEPTH} levels`,
    });
    const objects = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);
    expect(parseJsonBody(objects).ok).toBe(false);
  });

  it("does not count brackets inside strings", () => {
    const text = JSON.stringify({ text: "[".repeat(500) + '\\"{' });
    expect(parsed(text)).toEqual({ text: "[".repeat(500) + '\\"{' });
  });

  it("marks numbers written with a fraction or exponent, and only those", () => {
    const body = parsed('{"a": 2.0, "b": 2, "c": 1e3, "d": -0.5, "e": "2.0", "f": [1, 2.50, 3E-2], "g": 10}');
    expect(withoutMarks(body)).toEqual({ a: 2, b: 2, c: 1000, d: -0.5, e: "2.0", f: [1, 2.5, 0.03], g: 10 });
    expect(Object.keys(body)).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
    expect(["a", "b", "c", "d", "e", "g"].filter((key) => isJsonFloat(body, key))).toEqual(["a", "c", "d"]);
    expect([0, 1, 2].map((index) => isJsonFloat(body.f, index))).toEqual([false, true, true]);
    expect(isJsonFloat(parsed('{"traits": [{"trait_value": 2.0}]}').traits, 0)).toBe(false);
    const traits = parsed('{"traits": [{"trait_value": 2.0}, {"trait_value": 2}]}').traits as object[];
    expect(traits.map((trait) => isJsonFloat(trait, "trait_value"))).toEqual([true, false]);
  });

  it("lets the last of duplicate keys decide, as JSON.parse does", () => {
    expect(isJsonFloat(parsed('{"a": 1.5, "a": 2}'), "a")).toBe(false);
    expect(isJsonFloat(parsed('{"a": 2, "a": 1.5}'), "a")).toBe(true);
  });

  it("keeps __proto__ an own key", () => {
    const body = parsed('{"__proto__": {"x": 1}, "y": 1.5}');
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.keys(body)).toEqual(["__proto__", "y"]);
  });

  it("decodes any JSON exactly as JSON.parse does", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.boolean(), (value, pretty) => {
        // Floats everywhere push every body through the float-aware reader.
        const text = JSON.stringify(value, null, pretty ? 2 : undefined).replace(
          /(\d)(,|\]|\}|$)/g,
          "$1.0$2",
        );
        let expected: unknown;
        try {
          expected = JSON.parse(text);
        } catch {
          return;
        }
        expect(withoutMarks(parsed(text))).toStrictEqual(withoutMarks(expected));
      }),
    );
  });
});
