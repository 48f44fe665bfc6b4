import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createConditionContext,
  getIdentityHashKey,
  getIdentitySegments,
  isContextInSegment,
  matchesRule,
} from "./segments";
import { RULE_TYPES } from "./types";
import { cond, context, doc, rule, segment, trait } from "./test-fixtures";

const yes = cond("EQUAL", "plan", "gold");
const no = cond("EQUAL", "plan", "silver");
const ctx = context([trait("plan", "gold")]);

describe("matchesRule", () => {
  it.each([
    ["ALL", [yes, yes], true],
    ["ALL", [yes, no], false],
    ["ANY", [no, yes], true],
    ["ANY", [no, no], false],
    ["NONE", [no, no], true],
    ["NONE", [no, yes], false],
  ] as const)("%s of %j conditions", (type, conditions, expected) => {
    expect(matchesRule(ctx, rule(type, [...conditions]), "1")).toBe(expected);
  });

  it("treats a rule without conditions or sub-rules as matching, whatever its type", () => {
    expect(matchesRule(ctx, rule("ALL", []), "1")).toBe(true);
    expect(matchesRule(ctx, rule("ANY", []), "1")).toBe(true);
    expect(matchesRule(ctx, rule("NONE", []), "1")).toBe(true);
  });

  it("combines nested ANY rules inside an ALL rule (the dashboard's shape)", () => {
    const shape = (second: typeof yes) =>
      rule("ALL", [], [rule("ANY", [no, yes]), rule("ANY", [no, second])]);
    expect(matchesRule(ctx, shape(yes), "1")).toBe(true);
    expect(matchesRule(ctx, shape(no), "1")).toBe(false);
  });

  it("requires both the rule's own conditions and its sub-rules to hold under its type", () => {
    expect(matchesRule(ctx, rule("ANY", [yes], [rule("ALL", [no])]), "1")).toBe(false);
    expect(matchesRule(ctx, rule("ANY", [yes], [rule("ALL", [no]), rule("ALL", [yes])]), "1")).toBe(true);
    expect(matchesRule(ctx, rule("NONE", [no], [rule("ANY", [yes])]), "1")).toBe(false);
    expect(matchesRule(ctx, rule("NONE", [no], [rule("ANY", [no])]), "1")).toBe(true);
    expect(matchesRule(ctx, rule("NONE", [yes], [rule("ANY", [no])]), "1")).toBe(false);
  });

  // Flagsmith's engine v10.1.0 combines sub-rules with the parent's type (before, always AND).
  it.each([
    ["ANY", [true, false], true],
    ["ANY", [false, false], false],
    ["ALL", [true, false], false],
    ["ALL", [true, true], true],
    ["NONE", [false, false], true],
    ["NONE", [true, false], false],
  ] as const)("%s parent over nested ALL groups matching %j", (type, groups, expected) => {
    const nested = groups.map((matches) => rule("ALL", [yes, matches ? yes : no]));
    expect(matchesRule(ctx, rule(type, [], nested), "1")).toBe(expected);
  });

  it("treats sub-rules exactly as it treats conditions, for every type", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RULE_TYPES),
        fc.array(fc.boolean(), { maxLength: 6 }),
        (type, results) => {
          const conditions = results.map((matches) => (matches ? yes : no));
          const asConditions = matchesRule(ctx, rule(type, conditions), "1");
          const asSubRules = matchesRule(
            ctx,
            rule(
              type,
              [],
              conditions.map((condition) => rule("ALL", [condition])),
            ),
            "1",
          );
          expect(asSubRules).toBe(asConditions);
        },
      ),
    );
  });

  it("nests deeper than the dashboard allows", () => {
    const deep = rule("ALL", [], [rule("ALL", [], [rule("NONE", [no], [rule("ANY", [no, no])])])]);
    expect(matchesRule(ctx, deep, "1")).toBe(true);
    const deepYes = rule("ALL", [], [rule("ALL", [], [rule("NONE", [no], [rule("ANY", [no, yes])])])]);
    expect(matchesRule(ctx, deepYes, "1")).toBe(false);
  });
});

describe("isContextInSegment", () => {
  it("needs at least one rule, and every top-level rule", () => {
    expect(isContextInSegment(ctx, segment(1, []))).toBe(false);
    expect(isContextInSegment(ctx, segment(1, [rule("ALL", [])]))).toBe(true);
    expect(isContextInSegment(ctx, segment(1, [rule("ALL", [yes]), rule("ANY", [yes])]))).toBe(true);
    expect(isContextInSegment(ctx, segment(1, [rule("ALL", [yes]), rule("ANY", [no])]))).toBe(false);
  });

  it("hashes percentage splits with the segment's id", () => {
    // python3: pct(["5", "env-key_alice"]) = 47.129…, pct(["9", "env-key_alice"]) = 32.526…
    const alice = context([], "alice");
    const split = [rule("ALL", [cond("PERCENTAGE_SPLIT", null, "40")])];
    expect(isContextInSegment(alice, segment(5, split))).toBe(false);
    expect(isContextInSegment(alice, segment(9, split))).toBe(true);
  });
});

describe("getIdentitySegments", () => {
  const segments = [
    segment(1, [rule("ALL", [cond("EQUAL", "plan", "gold")])]),
    segment(2, [rule("ALL", [cond("GREATER_THAN", "age", "17")])]),
    segment(3, []),
    segment(4, [rule("ANY", [cond("IN", "$.identity.identifier", "alice,bob")])]),
  ];
  const environment = doc({}, segments);

  it("returns matching segments in document order", () => {
    const matched = getIdentitySegments({
      doc: environment,
      identifier: "bob",
      identityKey: "env-key_bob",
      traits: [trait("age", 30), trait("plan", "gold")],
    });
    expect(matched.map((s) => s.id)).toEqual([1, 2, 4]);
  });

  it("returns nothing when nothing matches", () => {
    const matched = getIdentitySegments({
      doc: environment,
      identifier: "eve",
      identityKey: "x",
      traits: [],
    });
    expect(matched).toEqual([]);
  });

  it("exposes the environment to $.environment paths", () => {
    const conditionContext = createConditionContext({
      doc: environment,
      identifier: "a",
      identityKey: "k",
      traits: [],
    });
    expect(conditionContext.environment).toEqual({ key: "env-key", name: "Development" });
  });
});

describe("getIdentityHashKey", () => {
  it("uses '<api key>_<identifier>' when hashing by composite key", () => {
    expect(getIdentityHashKey({ doc: doc(), identifier: "alice", identityId: 7 })).toBe("env-key_alice");
  });

  it("uses the identity's id otherwise, falling back to the composite key without one", () => {
    const byId = doc({ use_identity_composite_key_for_hashing: false });
    expect(getIdentityHashKey({ doc: byId, identifier: "alice", identityId: 7 })).toBe("7");
    expect(getIdentityHashKey({ doc: byId, identifier: "alice", identityId: null })).toBe("env-key_alice");
    expect(getIdentityHashKey({ doc: byId, identifier: "alice" })).toBe("env-key_alice");
  });
});
