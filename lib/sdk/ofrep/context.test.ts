import { describe, expect, it } from "vitest";
import { parseOfrepBody } from "./context";

describe("parseOfrepBody", () => {
  it("reads targetingKey as the identifier and every other field as a typed transient trait", () => {
    expect(
      parseOfrepBody(
        JSON.stringify({
          context: { targetingKey: "u1", plan: "gold", age: 31, ratio: 0.5, beta: true, gone: null },
        }),
      ),
    ).toEqual({
      ok: true,
      context: {
        targetingKey: "u1",
        traits: [
          { trait_key: "plan", trait_value: "gold", value_type: "unicode" },
          { trait_key: "age", trait_value: 31, value_type: "int" },
          { trait_key: "ratio", trait_value: 0.5, value_type: "float" },
          { trait_key: "beta", trait_value: true, value_type: "bool" },
        ],
      },
    });
  });

  it("treats an empty body, an empty context and an empty targeting key as no context", () => {
    const none = { ok: true, context: { targetingKey: null, traits: [] } };
    expect(parseOfrepBody("")).toEqual(none);
    expect(parseOfrepBody("{}")).toEqual(none);
    expect(parseOfrepBody('{"context":{"targetingKey":""}}')).toEqual(none);
  });

  it("refuses malformed JSON, non-object bodies and contexts, and attributes that cannot be traits", () => {
    expect(parseOfrepBody("{")).toMatchObject({ ok: false, code: "PARSE_ERROR" });
    expect(parseOfrepBody("[]")).toMatchObject({ ok: false, code: "PARSE_ERROR" });
    expect(parseOfrepBody('{"context":[]}')).toEqual({
      ok: false,
      code: "INVALID_CONTEXT",
      details: "context must be an object.",
    });
    expect(parseOfrepBody('{"context":{"targetingKey":1}}')).toMatchObject({ code: "INVALID_CONTEXT" });
    expect(parseOfrepBody('{"context":{"tags":["a"]}}')).toEqual({
      ok: false,
      code: "INVALID_CONTEXT",
      details: 'Attribute "tags" must be a string, a number or a boolean.',
    });
    expect(parseOfrepBody(JSON.stringify({ context: { note: "x".repeat(2001) } }))).toMatchObject({
      code: "INVALID_CONTEXT",
    });
  });
});
