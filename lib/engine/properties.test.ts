import { describe, expect, it } from "vitest";
import { matchesCondition } from "./conditions";
import { parseJsonPathNames, resolveProperty } from "./properties";
import { API_KEY, cond, context, trait } from "./test-fixtures";

describe("parseJsonPathNames", () => {
  it("reads dot and bracket name selectors", () => {
    expect(parseJsonPathNames("$.identity.identifier")).toEqual(["identity", "identifier"]);
    expect(parseJsonPathNames("$['identity'][\"key\"]")).toEqual(["identity", "key"]);
    expect(parseJsonPathNames("$.identity.traits['my trait']")).toEqual(["identity", "traits", "my trait"]);
    expect(parseJsonPathNames("$.identity.traits['it\\'s']")).toEqual(["identity", "traits", "it's"]);
    expect(parseJsonPathNames("$")).toEqual([]);
  });

  it("returns null for anything else", () => {
    for (const path of [
      "$.",
      "$..identity",
      "$.identity[0]",
      "$.identity.*",
      "$.identity.",
      "identity",
      "$.a b",
    ]) {
      expect(parseJsonPathNames(path)).toBeNull();
    }
  });
});

describe("resolveProperty", () => {
  const ctx = context(
    [trait("plan", "gold"), trait("age", "42"), trait("$.identity.identifier", "shadow")],
    "u-1",
  );
  const unshadowed = context([trait("plan", "gold"), trait("my trait", 3)], "42");

  it("reads the identity and environment through JSONPath", () => {
    expect(resolveProperty(unshadowed, "$.identity.key")).toEqual({ kind: "str", value: `${API_KEY}_42` });
    expect(resolveProperty(unshadowed, "$.environment.key")).toEqual({ kind: "str", value: API_KEY });
    expect(resolveProperty(unshadowed, "$.environment.name")).toEqual({ kind: "str", value: "Development" });
    expect(resolveProperty(unshadowed, "$.identity.traits.plan")).toEqual({ kind: "str", value: "gold" });
    expect(resolveProperty(unshadowed, "$.identity.traits['my trait']")).toEqual({ kind: "int", value: 3n });
  });

  it("normalises resolved values: a numeric identifier is an int", () => {
    expect(resolveProperty(unshadowed, "$.identity.identifier")).toEqual({ kind: "int", value: 42n });
    expect(resolveProperty(ctx, "age")).toEqual({ kind: "int", value: 42n });
  });

  it("prefers a trait literally named like the path", () => {
    expect(resolveProperty(ctx, "$.identity.identifier")).toEqual({ kind: "str", value: "shadow" });
  });

  it("finds nothing for unknown paths or non-scalar targets, other than a same-named trait", () => {
    expect(resolveProperty(ctx, "$.identity.unknown")).toBeNull();
    expect(resolveProperty(ctx, "$.identity")).toBeNull();
    expect(resolveProperty(ctx, "$.identity.traits")).toBeNull();
    expect(resolveProperty(ctx, "$.environment.api_key")).toBeNull();
    expect(resolveProperty(ctx, "$..plan")).toBeNull();
    const odd = context([trait("$..plan", "x")]);
    expect(resolveProperty(odd, "$..plan")).toEqual({ kind: "str", value: "x" });
  });

  it("treats other properties as plain trait keys", () => {
    expect(resolveProperty(ctx, "plan")).toEqual({ kind: "str", value: "gold" });
    expect(resolveProperty(ctx, "identity.identifier")).toBeNull();
    expect(resolveProperty(ctx, "$['identity']['identifier']")).toBeNull();
  });

  it("lets the last duplicate trait win", () => {
    const dup = context([trait("plan", "a"), trait("plan", "b")]);
    expect(resolveProperty(dup, "plan")).toEqual({ kind: "str", value: "b" });
  });

  it("drives conditions", () => {
    const c = context([], "alice");
    expect(matchesCondition(c, cond("EQUAL", "$.identity.identifier", "alice"), "1")).toBe(true);
    expect(matchesCondition(c, cond("IN", "$.identity.identifier", "bob,alice"), "1")).toBe(true);
    expect(matchesCondition(c, cond("EQUAL", "$.environment.name", "Development"), "1")).toBe(true);
    expect(matchesCondition(c, cond("IS_NOT_SET", "$.identity.nothing", null), "1")).toBe(true);
    expect(matchesCondition(c, cond("IS_SET", "$.identity.key", null), "1")).toBe(true);
  });
});
