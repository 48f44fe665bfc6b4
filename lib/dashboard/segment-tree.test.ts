import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isContextInSegment } from "@/lib/engine/segments";
import { context, segment, trait } from "@/lib/engine/test-fixtures";
import type { EngineRule } from "@/lib/engine/types";
import { newCondition, newGroup, type GroupNode, type RuleNode } from "./segment-rules";
import { describeGroups } from "./segment-text";
import {
  apiConditionErrors,
  compileTree,
  draftIsValid,
  fromApiRules,
  toApiRules,
  TREE_MESSAGES,
  treeProblems,
} from "./segment-tree";
import type { Rule } from "./types";

const c = (property: string, operator: string, value: string, negated = false) =>
  newCondition({ property, operator: operator as never, value, negated });

/** The tree without its keys (and the builder-only confirmation), to compare shapes. */
type Shape = unknown;
const shape = (nodes: RuleNode[]): Shape =>
  nodes.map((n) =>
    n.kind === "condition"
      ? ["c", n.negated, n.property, n.operator, n.value]
      : ["g", n.type, n.negated, shape(n.children)],
  );

// "plan = pro OR (country IN de,fr AND age >= 18)", and NOT on a condition of a second group.
const example = () => [
  newGroup("ANY", [
    c("plan", "EQUAL", "pro"),
    newGroup("ALL", [c("country", "IN", "de,fr"), c("age", "GREATER_THAN_INCLUSIVE", "18")]),
  ]),
  newGroup("ALL", [c("email", "CONTAINS", "@example.com", true)]),
];

describe("the builder's tree and the API's rules", () => {
  it("sends OR with a nested AND as an ANY rule of sub-rules, and NOT as a NONE rule", () => {
    expect(toApiRules(example())).toEqual([
      {
        type: "ANY",
        conditions: [],
        rules: [
          { type: "ALL", rules: [], conditions: [{ property: "plan", operator: "EQUAL", value: "pro" }] },
          {
            type: "ALL",
            rules: [],
            conditions: [
              { property: "country", operator: "IN", value: "de,fr" },
              { property: "age", operator: "GREATER_THAN_INCLUSIVE", value: "18" },
            ],
          },
        ],
      },
      {
        type: "ALL",
        conditions: [],
        rules: [
          {
            type: "NONE",
            rules: [],
            conditions: [{ property: "email", operator: "CONTAINS", value: "@example.com" }],
          },
        ],
      },
    ]);
    expect(shape(fromApiRules(toApiRules(example())))).toEqual(shape(example()));
    expect(describeGroups(example())).toBe(
      "(plan = pro OR (country in de,fr AND age ≥ 18)) AND NOT (email contains @example.com)",
    );
    expect(describeGroups(example().slice(0, 1))).toBe("plan = pro OR (country in de,fr AND age ≥ 18)");
  });

  it("keeps plain conditions as conditions when they come first, and NOT on 'all of' as NONE around ALL", () => {
    const groups = [
      newGroup("ALL", [c("a", "EQUAL", "1"), c("b", "EQUAL", "2", true)]),
      newGroup("ALL", [c("a", "EQUAL", "1"), c("b", "IS_SET", "")], true),
      newGroup("ANY", [c("a", "EQUAL", "1"), c("b", "EQUAL", "2")], true),
    ];
    expect(toApiRules(groups)).toEqual([
      {
        type: "ALL",
        conditions: [{ property: "a", operator: "EQUAL", value: "1" }],
        rules: [{ type: "NONE", rules: [], conditions: [{ property: "b", operator: "EQUAL", value: "2" }] }],
      },
      {
        type: "NONE",
        conditions: [],
        rules: [
          {
            type: "ALL",
            rules: [],
            conditions: [
              { property: "a", operator: "EQUAL", value: "1" },
              { property: "b", operator: "IS_SET", value: null },
            ],
          },
        ],
      },
      {
        type: "NONE",
        rules: [],
        conditions: [
          { property: "a", operator: "EQUAL", value: "1" },
          { property: "b", operator: "EQUAL", value: "2" },
        ],
      },
    ]);
    expect(shape(fromApiRules(toApiRules(groups)))).toEqual(shape(groups));
  });

  it("opens Flagsmith's dashboard shape, an ALL rule of ANY and NONE rules, as it is", () => {
    const cond = (property: string) => ({ property, operator: "EQUAL" as const, value: "x" });
    const groups = fromApiRules([
      {
        type: "ALL",
        conditions: [],
        rules: [
          { type: "ANY", rules: [], conditions: [cond("a"), cond("b")] },
          { type: "NONE", rules: [], conditions: [cond("c"), cond("d")] },
          { type: "ANY", rules: [], conditions: [cond("e")] },
        ],
      },
    ]);
    expect(shape(groups)).toEqual([
      [
        "g",
        "ALL",
        false,
        [
          [
            "g",
            "ANY",
            false,
            [
              ["c", false, "a", "EQUAL", "x"],
              ["c", false, "b", "EQUAL", "x"],
            ],
          ],
          [
            "g",
            "ANY",
            true,
            [
              ["c", false, "c", "EQUAL", "x"],
              ["c", false, "d", "EQUAL", "x"],
            ],
          ],
          ["c", false, "e", "EQUAL", "x"],
        ],
      ],
    ]);
    expect(describeGroups(groups)).toBe("(a = x OR b = x) AND NOT (c = x OR d = x) AND e = x");
  });

  it("says what cannot be saved, on the node it is about", () => {
    const deep = newGroup("ALL", [c("a", "EQUAL", "1", true)]);
    const notAll = newGroup("ALL", [c("a", "EQUAL", "1"), c("b", "EQUAL", "1")], true);
    const empty = newGroup("ANY", []);
    const groups = [newGroup("ANY", [deep, notAll, empty])];
    const problems = compileTree(groups).problems;
    expect(problems.get(deep.children[0].key)).toBe(TREE_MESSAGES.nestedNot);
    expect(problems.get(notAll.key)).toBe(TREE_MESSAGES.notAllNested);
    expect(problems.get(empty.key)).toBe(TREE_MESSAGES.emptyGroup);
    const mixed = newGroup("ALL", [c("a", "EQUAL", "1"), newGroup("ANY", [c("b", "EQUAL", "1")])], true);
    expect(compileTree([mixed]).problems.get(mixed.key)).toBe(TREE_MESSAGES.notAllMixed);
    expect(draftIsValid([])).toBe(false);
    expect(draftIsValid(example())).toBe(true);
    const text = newGroup("ANY", [c("age", "GREATER_THAN", "eighteen")]);
    expect(treeProblems([text]).get(text.children[0].key)).toBe(
      "Confirm the comparison as text, or enter a number.",
    );
  });

  it("places the API's nested field errors on their conditions", () => {
    const groups = example();
    const { paths } = compileTree(groups);
    const errors = apiConditionErrors(
      { rules: [{ rules: [{}, { conditions: [{}, { value: ["Bad value."] }] }] }, {}] },
      paths,
    );
    const age = (groups[0].children[1] as GroupNode).children[1];
    expect([...errors]).toEqual([[age.key, { value: "Bad value." }]]);
  });
});

// Trees the builder makes in its normal form: nested groups of two or more plain conditions, no
// NOT on "all of" below the top, no group whose only child is a group.
const PROPS = ["a", "b", "c", "d"];
const arbCondition = (canNegate: boolean) =>
  fc
    .record({
      p: fc.constantFrom(...PROPS),
      v: fc.constantFrom("1", "2"),
      negated: canNegate ? fc.boolean() : fc.constant(false),
    })
    .map(({ p, v, negated }) => c(p, "EQUAL", v, negated));
const arbNested = fc
  .record({
    type: fc.constantFrom("ALL" as const, "ANY" as const),
    negated: fc.boolean(),
    children: fc.array(arbCondition(false), { minLength: 2, maxLength: 3 }),
  })
  .map(({ type, negated, children }) => newGroup(negated ? "ANY" : type, children, negated));
const arbTop = fc
  .record({
    type: fc.constantFrom("ALL" as const, "ANY" as const),
    negated: fc.boolean(),
    children: fc.array(fc.oneof(arbCondition(true), arbNested), { minLength: 1, maxLength: 4 }),
  })
  .filter(({ children }) => !(children.length === 1 && children[0].kind === "group"))
  .map(({ type, negated, children }) =>
    negated && type === "ALL"
      ? newGroup(
          "ALL",
          children.filter((n) => n.kind === "condition").map((n) => ({ ...n, negated: false })),
          true,
        )
      : newGroup(type, children, negated),
  )
  .filter((g) => g.children.length > 0);
const arbTree = fc.array(arbTop, { minLength: 1, maxLength: 3 });

// Any rule tree the API accepts: two levels, any type, conditions and sub-rules mixed.
const arbApiCondition = fc
  .record({ p: fc.constantFrom(...PROPS), v: fc.constantFrom("1", "2") })
  .map(({ p, v }) => ({ property: p, operator: "EQUAL" as const, value: v }));
const arbType = fc.constantFrom("ALL" as const, "ANY" as const, "NONE" as const);
const arbApiSub = fc.record({
  type: arbType,
  rules: fc.constant([] as Rule[]),
  conditions: fc.array(arbApiCondition, { maxLength: 3 }),
});
const arbApiRules = fc.array(
  fc.record({
    type: arbType,
    conditions: fc.array(arbApiCondition, { maxLength: 3 }),
    rules: fc.array(arbApiSub, { maxLength: 3 }),
  }),
  { minLength: 1, maxLength: 3 },
);
const arbTraits = fc.record({
  a: fc.constantFrom("1", "2", null),
  b: fc.constantFrom("1", "2", null),
  c: fc.constantFrom("1", "2", null),
  d: fc.constantFrom("1", "2", null),
});

const toEngine = (rules: Rule[]): EngineRule[] =>
  rules.map((r) => ({
    type: r.type,
    rules: toEngine(r.rules ?? []),
    conditions: (r.conditions ?? []).map((x) => ({
      operator: x.operator,
      property_: x.property,
      value: x.value,
    })),
  }));
const matches = (rules: Rule[], traits: Record<string, string | null>) =>
  isContextInSegment(
    context(Object.entries(traits).flatMap(([k, v]) => (v === null ? [] : [trait(k, v)]))),
    segment(1, toEngine(rules)),
  );

describe("round trips (property)", () => {
  it("a tree the builder saves opens as the same tree, within the API's depth, without problems", () => {
    fc.assert(
      fc.property(arbTree, (tree) => {
        const { rules, problems } = compileTree(tree);
        expect(problems.size).toBe(0);
        const depth = (rs: Rule[]): number =>
          rs.length ? 1 + Math.max(...rs.map((r) => depth(r.rules))) : 0;
        expect(depth(rules)).toBeLessThanOrEqual(2);
        expect(shape(fromApiRules(rules))).toEqual(shape(tree));
      }),
      { numRuns: 200 },
    );
    // A cap for a loaded machine (200 runs take about a second alone), not a speed check.
  }, 60_000);

  it("any tree the API accepts opens as a builder tree that matches the same identities", () => {
    fc.assert(
      fc.property(arbApiRules, fc.array(arbTraits, { minLength: 8, maxLength: 8 }), (rules, identities) => {
        const reopened = fromApiRules(rules);
        const compiled = compileTree(reopened);
        // An empty rule holds vacuously; the builder asks for a condition there, and means the same.
        expect([...compiled.problems.values()].filter((m) => m !== TREE_MESSAGES.emptyGroup)).toEqual([]);
        for (const traits of identities) expect(matches(compiled.rules, traits)).toBe(matches(rules, traits));
        // Saving it again changes nothing more.
        expect(shape(fromApiRules(compiled.rules))).toEqual(shape(reopened));
      }),
      { numRuns: 200 },
    );
    // A cap for a loaded machine (200 runs take about a second alone), not a speed check.
  }, 60_000);
});
