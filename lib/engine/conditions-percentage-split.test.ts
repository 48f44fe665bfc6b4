import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchesCondition } from "./conditions";
import { cond, context, trait } from "./test-fixtures";

describe("PERCENTAGE_SPLIT", () => {
  // Buckets computed with python3 from the reference formula: pct(["5", "env-key_alice"]) is
  // 47.129…, pct(["5", "premium"]) 75.075…, pct(["5", "1.5"]) 34.616…, pct(["5", "True"]) 69.423….
  const split = (value: string | null, property: string | null, traits = [trait("plan", "premium")]) =>
    matchesCondition(context(traits, "alice"), cond("PERCENTAGE_SPLIT", property, value), "5");

  it("hashes [segment id, identity key] and admits buckets <= the value", () => {
    expect(split("47.13", null)).toBe(true);
    expect(split("47.12", null)).toBe(false);
    expect(split("100", null)).toBe(true);
    expect(split("0", null)).toBe(false);
    expect(split(" 47.13 ", null)).toBe(true);
  });

  it("hashes the property's value instead when the property resolves", () => {
    expect(split("75.08", "plan")).toBe(true);
    expect(split("75.07", "plan")).toBe(false);
    expect(split("34.62", "score", [trait("score", "1.50")])).toBe(true);
    expect(split("34.61", "score", [trait("score", "1.50")])).toBe(false);
    expect(split("69.43", "flag", [trait("flag", true)])).toBe(true);
    expect(split("69.42", "flag", [trait("flag", true)])).toBe(false);
  });

  // Engine v10.0.3: before it, a missing property fell back to the identity key (47.129… here).
  it("never matches when the named property is missing, whatever the value", () => {
    expect(split("47.13", "missing")).toBe(false);
    expect(split("100", "missing")).toBe(false);
    expect(split("100", "$.identity.traits.missing")).toBe(false);
    expect(split("100", "plan", [trait("plan", null)])).toBe(false);
  });

  it("treats an empty property like no property", () => {
    expect(split("47.13", "")).toBe(true);
    expect(split("47.12", "")).toBe(false);
  });

  it("hashes a JSONPath property's value", () => {
    // $.identity.key is the identity key itself, so the bucket is the same as without a property.
    expect(split("47.13", "$.identity.key")).toBe(true);
    expect(split("47.12", "$.identity.key")).toBe(false);
  });

  it("is false for a non-numeric or null value, or without an identity", () => {
    expect(split("abc", null)).toBe(false);
    expect(split(null, null)).toBe(false);
    const noIdentity = { environment: { key: "k", name: "n" }, identity: null };
    expect(matchesCondition(noIdentity, cond("PERCENTAGE_SPLIT", null, "100"), "5")).toBe(false);
  });

  it("admits close to p% of 5,000 random identities", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.uniqueArray(fc.uuid(), { minLength: 5000, maxLength: 5000 }),
        (percent, identifiers) => {
          const admitted = identifiers.filter((identifier) =>
            matchesCondition(context([], identifier), cond("PERCENTAGE_SPLIT", null, String(percent)), "17"),
          ).length;
          expect(Math.abs((admitted / identifiers.length) * 100 - percent)).toBeLessThanOrEqual(3);
        },
      ),
      { numRuns: 12 },
    );
  });

  it("is deterministic for the same identity and segment", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 100 }), (identifier, percent) => {
        const once = matchesCondition(
          context([], identifier),
          cond("PERCENTAGE_SPLIT", null, String(percent)),
          "3",
        );
        const twice = matchesCondition(
          context([], identifier),
          cond("PERCENTAGE_SPLIT", null, String(percent)),
          "3",
        );
        expect(once).toBe(twice);
      }),
    );
  });
});
