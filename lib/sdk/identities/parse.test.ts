import { describe, expect, it } from "vitest";
import { parseJsonBody } from "@/lib/api/json-body";
import { parseIdentifyBody, TRAIT_TOO_LONG } from "./parse";

describe("parseIdentifyBody", () => {
  it("types a number by how the JSON text wrote it: 2.0 and 1e3 are floats, 2 an int", () => {
    const body = parseJsonBody(
      '{"identifier": "u", "traits": [{"trait_key": "a", "trait_value": 2.0}, {"trait_key": "b", "trait_value": 2},' +
        ' {"trait_key": "c", "trait_value": 1e3}, {"trait_key": "d", "trait_value": "2.0"}]}',
    );
    const parsed = parseIdentifyBody(body.ok ? body.value : null, null);
    expect(parsed.ok && parsed.value.traits.map((t) => [t.key, t.value, t.valueType])).toEqual([
      ["a", 2, "float"],
      ["b", 2, "int"],
      ["c", 1000, "float"],
      ["d", "2.0", "unicode"],
    ]);
  });

  it("reads identifier, typed traits and transient flags", () => {
    const parsed = parseIdentifyBody(
      {
        identifier: "u1",
        traits: [
          { trait_key: "age", trait_value: 31 },
          { trait_key: "score", trait_value: 2.5, transient: true },
          { trait_key: "vip", trait_value: false },
          { trait_key: "plan", trait_value: "gold" },
          { trait_key: "gone", trait_value: null },
        ],
      },
      null,
    );
    expect(parsed).toEqual({
      ok: true,
      value: {
        identifier: "u1",
        transient: false,
        traits: [
          { key: "age", value: 31, valueType: "int", transient: false },
          { key: "score", value: 2.5, valueType: "float", transient: true },
          { key: "vip", value: false, valueType: "bool", transient: false },
          { key: "plan", value: "gold", valueType: "unicode", transient: false },
          { key: "gone", value: null, valueType: null, transient: false },
        ],
      },
    });
  });

  it("accepts a number identifier as text, and no identifier at all", () => {
    expect(parseIdentifyBody({ identifier: 42 }, null)).toMatchObject({
      ok: true,
      value: { identifier: "42" },
    });
    expect(parseIdentifyBody(undefined, null)).toMatchObject({
      ok: true,
      value: { identifier: null, traits: [] },
    });
    expect(parseIdentifyBody({ identifier: "" }, null)).toMatchObject({
      ok: true,
      value: { identifier: null },
    });
  });

  it("trims whitespace as DRF's CharField does and limits lengths", () => {
    expect(
      parseIdentifyBody({ identifier: "  bob ", traits: [{ trait_key: " k ", trait_value: " v " }] }, null),
    ).toMatchObject({
      ok: true,
      value: { identifier: "bob", traits: [{ key: "k", value: " v " }] },
    });
    expect(parseIdentifyBody({ traits: [{ trait_key: "k".repeat(201), trait_value: 1 }] }, null)).toEqual({
      ok: false,
      errors: { traits: [{ trait_key: ["Ensure this field has no more than 200 characters."] }] },
    });
    expect(parseIdentifyBody({ identifier: "i".repeat(2001) }, null)).toEqual({
      ok: false,
      errors: { identifier: ["Ensure this field has no more than 2000 characters."] },
    });
  });

  it("takes ?identifier= alone or when it agrees with the body", () => {
    expect(parseIdentifyBody({}, "q1")).toMatchObject({ ok: true, value: { identifier: "q1" } });
    expect(parseIdentifyBody({ identifier: "q1" }, "q1")).toMatchObject({
      ok: true,
      value: { identifier: "q1" },
    });
    const clash = parseIdentifyBody({ identifier: "a" }, "b");
    expect(clash.ok).toBe(false);
    expect(Object.keys((clash as { errors: object }).errors)).toEqual(["identifier"]);
  });

  it("answers DRF's shapes for bad input", () => {
    expect(parseIdentifyBody([], null)).toEqual({
      ok: false,
      errors: { non_field_errors: ["Invalid data. Expected a dictionary, but got list."] },
    });
    expect(parseIdentifyBody({ traits: {} }, null)).toEqual({
      ok: false,
      errors: { traits: ['Expected a list of items but got type "dict".'] },
    });
    expect(parseIdentifyBody({ identifier: true }, null)).toEqual({
      ok: false,
      errors: { identifier: ["Not a valid string."] },
    });
    expect(
      parseIdentifyBody(
        { identifier: "x", traits: [{ trait_key: "ok", trait_value: 1 }, { trait_value: 1 }, "s"] },
        null,
      ),
    ).toEqual({
      ok: false,
      errors: {
        traits: [
          {},
          { trait_key: ["This field is required."] },
          { non_field_errors: ["Invalid data. Expected a dictionary, but got str."] },
        ],
      },
    });
    expect(parseIdentifyBody({ identifier: "x", transient: "maybe" }, null)).toEqual({
      ok: false,
      errors: { transient: ["Must be a valid boolean."] },
    });
  });

  it("refuses trait strings over 2000 characters (counted in code points)", () => {
    expect(parseIdentifyBody({ traits: [{ trait_key: "k", trait_value: "x".repeat(2001) }] }, null)).toEqual({
      ok: false,
      errors: { traits: [{ trait_value: [TRAIT_TOO_LONG] }] },
    });
    const emoji = "😀".repeat(2000);
    expect(parseIdentifyBody({ traits: [{ trait_key: "k", trait_value: emoji }] }, null).ok).toBe(true);
  });
});
