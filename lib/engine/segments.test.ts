import { describe, expect, it } from "vitest";
import {
  createConditionContext,
  getIdentityHashKey,
  getIdentitySegments,
  isContextInSegment,
  matchesRule,
} from "./segments";
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

  it("requires the rule's own conditions and its sub-rules", () => {
    expect(matchesRule(ctx, rule("ANY", [yes], [rule("ALL", [no])]), "1")).toBe(false);
    expect(matchesRule(ctx, rule("NONE", [no], [rule("ANY", [yes])]), "1")).toBe(true);
    expect(matchesRule(ctx, rule("NONE", [yes], [rule("ANY", [yes])]), "1")).toBe(false);
  });

  it("ANDs sub-rules whatever the parent's type, as Flagsmith's engines do", () => {
    // Python: `matches_conditions and all(sub-rules)`; the nodejs engine does the same.
    expect(matchesRule(ctx, rule("ANY", [], [rule("ALL", [yes]), rule("ALL", [no])]), "1")).toBe(false);
    expect(matchesRule(ctx, rule("NONE", [], [rule("ALL", [yes])]), "1")).toBe(true);
    expect(matchesRule(ctx, rule("NONE", [], [rule("ALL", [no])]), "1")).toBe(false);
  });

  it("nests deeper than the dashboard allows", () => {
    const deep = rule("ALL", [], [rule("ALL", [], [rule("NONE", [no], [rule("ANY", [no, yes])])])]);
    expect(matchesRule(ctx, deep, "1")).toBe(true);
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
