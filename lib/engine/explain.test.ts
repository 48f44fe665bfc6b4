// The explainer agrees with the SDK evaluation over generated environments and identities:
// the values are evaluateIdentityFlags' own, and every annotation (segment membership, rule and
// condition results, the winning override, the variant's range) is consistent with them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateIdentityFlags } from "./evaluate";
import { explainIdentityFlags, type ExplainedRule } from "./explain";
import { getIdentitySegments } from "./segments";
import { cond, doc, feature, mvValue, rule, segment, state, trait } from "./test-fixtures";
import type { EngineRule, Operator, RuleType } from "./types";

const KEYS = ["plan", "age", "beta", "country"] as const;
const arbTrait = fc.oneof(
  fc.constantFrom("gold", "silver", "free", "NO", "se"),
  fc.integer({ min: 0, max: 60 }),
  fc.boolean(),
);
const arbOperator = fc.constantFrom<Operator>(
  "EQUAL",
  "NOT_EQUAL",
  "GREATER_THAN",
  "LESS_THAN_INCLUSIVE",
  "CONTAINS",
  "IS_SET",
  "IS_NOT_SET",
  "IN",
  "PERCENTAGE_SPLIT",
);
const arbCondition = fc
  .tuple(
    arbOperator,
    fc.constantFrom<string | null>(...KEYS, null),
    fc.constantFrom("gold", "30", "true", "50", "gold,NO", "s"),
  )
  .map(([operator, property, value]) =>
    cond(operator, operator === "PERCENTAGE_SPLIT" ? null : (property ?? "plan"), value),
  );
const arbType = fc.constantFrom<RuleType>("ALL", "ANY", "NONE");
const arbRule: fc.Arbitrary<EngineRule> = fc
  .tuple(
    arbType,
    fc.array(arbCondition, { maxLength: 3 }),
    fc.array(fc.tuple(arbType, fc.array(arbCondition, { maxLength: 3 })), { maxLength: 2 }),
  )
  .map(([type, conditions, children]) =>
    rule(
      type,
      conditions,
      children.map(([t, c]) => rule(t, c)),
    ),
  );

const features = [feature(1, "banner"), feature(2, "colour", "MULTIVARIATE"), feature(3, "limit")];
const arbSegments = fc
  .array(
    fc.record({
      rules: fc.array(arbRule, { minLength: 0, maxLength: 2 }),
      overrides: fc.subarray([0, 1, 2]),
      priority: fc.integer({ min: 0, max: 5 }),
    }),
    { maxLength: 4 },
  )
  .map((specs) =>
    specs.map((spec, index) =>
      segment(
        index + 10,
        spec.rules,
        spec.overrides.map((f) =>
          state(features[f], {
            feature_state_value: `seg-${index}-${f}`,
            feature_segment: { priority: spec.priority },
            multivariate_feature_state_values:
              f === 1
                ? [
                    mvValue(index * 10 + 1, 30, { id: 1, value: "red" }),
                    mvValue(index * 10 + 2, 30, { id: 2, value: "blue", key: "b" }),
                  ]
                : [],
          }),
        ),
      ),
    ),
  );
const arbTraits = fc
  .array(fc.tuple(fc.constantFrom(...KEYS), arbTrait), { maxLength: 4 })
  .map((pairs) => pairs.map(([key, value]) => trait(key, value)));

function combine(type: RuleType, results: boolean[]): boolean {
  if (results.length === 0) return true;
  if (type === "ALL") return results.every(Boolean);
  if (type === "ANY") return results.some(Boolean);
  return !results.some(Boolean);
}

function checkRule(explained: ExplainedRule) {
  const expected =
    combine(
      explained.type,
      explained.conditions.map((c) => c.matched),
    ) &&
    combine(
      explained.type,
      explained.rules.map((r) => r.matched),
    );
  expect(explained.matched).toBe(expected);
  explained.rules.forEach(checkRule);
}

describe("explainIdentityFlags", () => {
  it("agrees with evaluateIdentityFlags for generated rules and identities", () => {
    fc.assert(
      fc.property(
        arbSegments,
        arbTraits,
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (segments, traits, identifier, override) => {
          const document = doc(
            {
              feature_states: [
                state(features[0], { feature_state_value: "default" }),
                state(features[1], {
                  django_id: 7,
                  feature_state_value: "grey",
                  multivariate_feature_state_values: [
                    mvValue(1, 40, { id: 1, value: "red" }),
                    mvValue(2, 40, { id: 2, value: "blue", key: "b" }),
                  ],
                }),
                state(features[2], { enabled: false, feature_state_value: 5 }),
              ],
            },
            segments,
          );
          const identityOverrides = override
            ? [state(features[2], { enabled: true, feature_state_value: 99 })]
            : [];
          const input = { doc: document, identifier, traits, identityOverrides };
          const sdk = evaluateIdentityFlags(input);
          const explained = explainIdentityFlags(input);

          const inSegments = new Set(
            getIdentitySegments({
              doc: document,
              identifier,
              identityKey: explained.identityKey,
              traits,
            }).map((s) => s.id),
          );
          for (const seg of explained.segments) {
            expect(seg.matched).toBe(inSegments.has(seg.id));
            expect(seg.matched).toBe(seg.rules.length > 0 && seg.rules.every((r) => r.matched));
            seg.rules.forEach(checkRule);
          }
          expect(
            explained.flags.map((f) => [
              f.flag.feature.name,
              f.flag.enabled,
              f.flag.value,
              f.flag.variant,
              f.flag.reason,
            ]),
          ).toEqual(sdk.map((f) => [f.feature.name, f.enabled, f.value, f.variant, f.reason]));
          for (const flag of explained.flags) {
            const winners = flag.segmentOverrides.filter((c) => c.won);
            if (flag.decidedBy === "SEGMENT_OVERRIDE") {
              expect(winners).toHaveLength(1);
              expect(winners[0].matched).toBe(true);
              expect(flag.flag.segment?.id).toBe(winners[0].segment.id);
              // No matching candidate has a strictly better priority.
              for (const c of flag.segmentOverrides)
                if (c.matched)
                  expect(c.priority ?? Infinity).toBeGreaterThanOrEqual(winners[0].priority ?? Infinity);
            } else {
              expect(winners).toHaveLength(0);
              if (flag.decidedBy === "DEFAULT")
                expect(flag.segmentOverrides.some((c) => c.matched)).toBe(false);
            }
            if (flag.split) {
              const chosen = flag.split.options.filter((o) => o.chosen);
              const inRange = flag.split.options.filter(
                (o) => o.from <= flag.split!.percentage && flag.split!.percentage < o.to,
              );
              expect(chosen).toEqual(inRange);
              if (chosen.length === 1) {
                expect(flag.flag.value).toBe(chosen[0].value);
                expect(flag.flag.reason.startsWith("SPLIT")).toBe(true);
              } else expect(flag.flag.value).toBe(flag.flag.state.feature_state_value);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("shows the trait value each condition read and the percentage bucket", () => {
    const document = doc({ feature_states: [state(features[0])] }, [
      segment(
        10,
        [
          rule("ALL", [
            cond("EQUAL", "plan", "gold"),
            cond("PERCENTAGE_SPLIT", null, "100"),
            cond("GREATER_THAN", "age", "30"),
          ]),
        ],
        [],
        "gold",
      ),
    ]);
    const explained = explainIdentityFlags({
      doc: document,
      identifier: "ada",
      traits: [trait("plan", "gold"), trait("age", 31)],
    });
    const [conditionA, split, age] = explained.segments[0].rules[0].conditions;
    expect(conditionA).toEqual({
      operator: "EQUAL",
      property: "plan",
      value: "gold",
      matched: true,
      seen: "gold",
    });
    expect(split.matched).toBe(true);
    expect(split.bucket).toBeGreaterThanOrEqual(0);
    expect(split.bucket).toBeLessThan(100);
    expect(age).toMatchObject({ matched: true, seen: 31 });
    expect(explained.segments[0].matched).toBe(true);
  });
});
