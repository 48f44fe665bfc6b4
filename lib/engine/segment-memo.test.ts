import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { evaluateIdentityFlags } from "./evaluate";
import {
  forgetRememberedMatches,
  isRememberedList,
  MAX_ENTRIES,
  MAX_KEY_LENGTH,
  MAX_LISTS_PER_DOCUMENT,
  listsKept,
  rememberedCount,
  rememberSegmentMatches,
} from "./segment-memo";
import { getIdentityHashKey, getIdentitySegments } from "./segments";
import { cond, doc, feature, rule, segment, state, trait } from "./test-fixtures";
import type { EngineCondition, EngineSegment, EngineTrait, EnvironmentDocument, Operator } from "./types";

const segmentsOf = (d: EnvironmentDocument, identifier: string, traits: EngineTrait[]) =>
  getIdentitySegments({
    doc: d,
    identifier,
    identityKey: getIdentityHashKey({ doc: d, identifier }),
    traits,
  }).map((s) => s.id);

/** The same document twice: one declared immutable (remembered), one evaluated afresh. */
function pair(segments: EngineSegment[]) {
  const fresh = doc({}, segments);
  const remembered = structuredClone(fresh);
  rememberSegmentMatches(remembered);
  return { fresh, remembered };
}

beforeEach(() => forgetRememberedMatches());

describe("remembered segment matches", () => {
  it("keeps one answer per combination of the traits segments read, whatever the identity", () => {
    const { remembered } = pair([segment(1, [rule("ALL", [cond("EQUAL", "plan", "gold")])])]);
    expect(segmentsOf(remembered, "a", [trait("plan", "gold"), trait("other", 1)])).toEqual([1]);
    expect(segmentsOf(remembered, "b", [trait("plan", "gold"), trait("other", 2)])).toEqual([1]);
    expect(rememberedCount()).toBe(1);
    expect(segmentsOf(remembered, "c", [trait("plan", "free")])).toEqual([]);
    expect(rememberedCount()).toBe(2);
  });

  it("evaluates afresh a document never declared immutable", () => {
    const { fresh } = pair([segment(1, [rule("ALL", [cond("EQUAL", "plan", "gold")])])]);
    expect(segmentsOf(fresh, "a", [trait("plan", "gold")])).toEqual([1]);
    expect(rememberedCount()).toBe(0);
  });

  it("tells apart an int, a float, a string and a bool that print alike", () => {
    // str(1.0) is "1.0" in Python: only the float matches; "1" and True and 1 do not.
    const { remembered } = pair([segment(1, [rule("ALL", [cond("REGEX", "x", "^1\\.0$")])])]);
    expect(segmentsOf(remembered, "a", [trait("x", 1)])).toEqual([]);
    expect(segmentsOf(remembered, "a", [trait("x", 1, "float")])).toEqual([1]);
    expect(segmentsOf(remembered, "a", [trait("x", "1")])).toEqual([]);
    expect(segmentsOf(remembered, "a", [trait("x", "1.0")])).toEqual([1]);
    expect(segmentsOf(remembered, "a", [trait("x", true)])).toEqual([]);
    expect(segmentsOf(remembered, "a", [trait("x", null)])).toEqual([]);
    expect(segmentsOf(remembered, "a", [])).toEqual([]);
  });

  it("never remembers a segment that reads the identity itself", () => {
    const split = segment(1, [rule("ALL", [cond("PERCENTAGE_SPLIT", null, "50")])]);
    const byIdentifier = segment(2, [rule("ALL", [cond("EQUAL", "$.identity.identifier", "user-7")])]);
    const byTrait = segment(3, [rule("ALL", [cond("IS_SET", "plan", null)])]);
    const { fresh, remembered } = pair([split, byIdentifier, byTrait]);
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const traits = [trait("plan", "gold")];
      const ids = segmentsOf(remembered, `user-${i}`, traits);
      expect(ids).toEqual(segmentsOf(fresh, `user-${i}`, traits));
      seen.add(ids.join(","));
    }
    // Half the identities in the split, one by identifier: the same traits, different answers.
    expect(seen.size).toBeGreaterThan(2);
    expect(rememberedCount()).toBe(1);
  });

  it("shares one frozen list, and one pick of overrides, among identities with the same traits", () => {
    const f = feature(1);
    const seg = segment(
      1,
      [rule("ALL", [cond("EQUAL", "plan", "gold")])],
      [state(f, { feature_state_value: "seg" })],
    );
    const { remembered } = pair([seg]);
    remembered.feature_states = [state(f, { feature_state_value: "default" })];
    const listFor = (identifier: string) =>
      getIdentitySegments({
        doc: remembered,
        identifier,
        identityKey: identifier,
        traits: [trait("plan", "gold")],
      });
    const first = listFor("a");
    expect(listFor("b")).toBe(first);
    expect(isRememberedList(first)).toBe(true);
    expect(Object.isFrozen(first)).toBe(true);
    const values = ["a", "b"].map(
      (identifier) =>
        evaluateIdentityFlags({ doc: remembered, identifier, traits: [trait("plan", "gold")] })[0].value,
    );
    expect(values).toEqual(["seg", "seg"]);
  });

  it("hands identities in the same segments one list, whatever traits put them there", () => {
    const { remembered } = pair([
      segment(1, [rule("ALL", [cond("GREATER_THAN", "age", "17")])]),
      segment(2, [rule("ALL", [cond("EQUAL", "plan", "gold")])]),
    ]);
    const listFor = (age: number, plan: string) =>
      getIdentitySegments({
        doc: remembered,
        identifier: "a",
        identityKey: "a",
        traits: [trait("age", age), trait("plan", plan)],
      });
    expect(listFor(20, "gold")).toBe(listFor(65, "gold"));
    expect(listFor(20, "free")).toBe(listFor(30, "silver"));
    expect(listFor(20, "free")).not.toBe(listFor(20, "gold"));
    expect(rememberedCount()).toBe(4);
  });

  it("keeps at most MAX_LISTS_PER_DOCUMENT shared lists for one document", () => {
    // 9 segments, each on a trait of its own: the bits of n give 512 distinct sets of segments.
    const segments = Array.from({ length: 9 }, (_, bit) =>
      segment(bit + 1, [rule("ALL", [cond("EQUAL", `t${bit}`, "1")])]),
    );
    const { fresh, remembered } = pair(segments);
    const lists = new Set<readonly EngineSegment[]>();
    for (let n = 0; n < 512; n++) {
      const traits = Array.from({ length: 9 }, (_, bit) => trait(`t${bit}`, (n >> bit) & 1));
      const list = getIdentitySegments({ doc: remembered, identifier: "a", identityKey: "a", traits });
      expect(list.map((s) => s.id)).toEqual(segmentsOf(fresh, "a", traits));
      lists.add(list);
    }
    expect(lists.size).toBe(512);
    expect(listsKept(remembered)).toBeLessThanOrEqual(MAX_LISTS_PER_DOCUMENT);
  });

  it("keeps at most MAX_ENTRIES answers, and none for a key over MAX_KEY_LENGTH", () => {
    const { remembered } = pair([segment(1, [rule("ALL", [cond("GREATER_THAN", "n", "5000")])])]);
    for (let n = 0; n < MAX_ENTRIES + 1000; n++) {
      expect(segmentsOf(remembered, "a", [trait("n", n)])).toEqual(n > 5000 ? [1] : []);
    }
    expect(rememberedCount()).toBe(MAX_ENTRIES);
    forgetRememberedMatches();
    const long = "x".repeat(MAX_KEY_LENGTH);
    const { remembered: other } = pair([segment(1, [rule("ALL", [cond("CONTAINS", "s", "xx")])])]);
    expect(segmentsOf(other, "a", [trait("s", long)])).toEqual([1]);
    expect(rememberedCount()).toBe(0);
  });

  it("forgets the plan of a document whose segment list was replaced", () => {
    const { remembered } = pair([segment(1, [rule("ALL", [cond("EQUAL", "plan", "gold")])])]);
    expect(segmentsOf(remembered, "a", [trait("plan", "gold")])).toEqual([1]);
    remembered.project.segments = [segment(2, [rule("ALL", [cond("EQUAL", "plan", "free")])])];
    expect(segmentsOf(remembered, "a", [trait("plan", "free")])).toEqual([2]);
  });
});

// Random segments over a few traits, with every operator and the identity-reading conditions,
// and random identities: a remembered document answers exactly as a fresh one, call after call.
const OPERATORS: Operator[] = [
  "EQUAL",
  "NOT_EQUAL",
  "GREATER_THAN",
  "GREATER_THAN_INCLUSIVE",
  "LESS_THAN",
  "LESS_THAN_INCLUSIVE",
  "CONTAINS",
  "NOT_CONTAINS",
  "IN",
  "REGEX",
  "IS_SET",
  "IS_NOT_SET",
  "MODULO",
  "PERCENTAGE_SPLIT",
];
const PROPERTIES = ["a", "b", "c", "$.identity.identifier", "$.identity.key", "$.environment.name", null];
const VALUES = ["1", "1.0", "2", "gold", "o", "1,2,gold", "^[a-g]", "2|1", "50", "1.0.0:semver", "", null];

const arbCondition: fc.Arbitrary<EngineCondition> = fc
  .tuple(fc.constantFrom(...OPERATORS), fc.constantFrom(...PROPERTIES), fc.constantFrom(...VALUES))
  .map(([operator, property, value]) => cond(operator, property, value));
const arbRuleType = fc.constantFrom("ALL" as const, "ANY" as const, "NONE" as const);
const arbSegment = (id: number) =>
  fc
    .array(fc.tuple(arbRuleType, fc.array(arbCondition, { maxLength: 3 })), { minLength: 0, maxLength: 3 })
    .map((groups) =>
      segment(
        id,
        groups.length
          ? [
              rule(
                "ALL",
                [],
                groups.map(([type, conditions]) => rule(type, conditions)),
              ),
            ]
          : [],
      ),
    );
const arbTrait = fc
  .tuple(
    fc.constantFrom("a", "b", "c", "$.identity.identifier"),
    fc.constantFrom<[string | number | boolean | null, "float" | undefined]>(
      ["1", undefined],
      ["1.0", undefined],
      ["gold", undefined],
      ["1.2.0", undefined],
      [1, undefined],
      [1, "float"],
      [2, undefined],
      [-0, "float"],
      [2.5, undefined],
      [true, undefined],
      [false, undefined],
      [null, undefined],
    ),
  )
  .map(([key, [value, valueType]]) => trait(key, value, valueType));

describe("remembered segment matches, property", () => {
  it("answer as a fresh evaluation for any segments, traits and identities", () => {
    fc.assert(
      fc.property(
        fc.tuple(arbSegment(1), arbSegment(2), arbSegment(3), arbSegment(4)),
        fc.array(fc.tuple(fc.constantFrom("u1", "u2", "u3", "gold"), fc.array(arbTrait, { maxLength: 5 })), {
          minLength: 1,
          maxLength: 12,
        }),
        (segments, calls) => {
          forgetRememberedMatches();
          const { fresh, remembered } = pair(segments);
          // Each call twice: the second is answered from what the first kept.
          for (const [identifier, traits] of [...calls, ...calls]) {
            expect(segmentsOf(remembered, identifier, traits)).toEqual(segmentsOf(fresh, identifier, traits));
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
