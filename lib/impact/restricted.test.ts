import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EngineFeatureState, EngineRule, EnvironmentDocument } from "@/lib/engine";
import { cond, doc, feature, mvValue, rule, segment, state, trait } from "@/lib/engine/test-fixtures";
import { affectedFeatureIds, applyProposal, type Proposal } from "./apply";
import { compileRestrictedPlan } from "./restricted";
import { createImpactTally, summariseImpact, tallyIdentity, type ImpactIdentity } from "./tally";

const features = [
  feature(1, "banner"),
  feature(2, "colour"),
  feature(3, "checkout", "MULTIVARIATE"),
  feature(4, "limit"),
  feature(5, "untouched"),
];
const values = ["red", "blue", "green", 7, null] as const;

const arbValue = fc.constantFrom(...values);
const arbRules = fc.oneof(
  fc.constant<EngineRule[]>([]),
  fc
    .record({ plan: fc.constantFrom("pro", "free", "team"), split: fc.integer({ min: 0, max: 100 }) })
    .chain(({ plan, split }) =>
      fc.constantFrom<EngineRule[]>(
        [rule("ALL", [], [rule("ANY", [cond("EQUAL", "plan", plan)])])],
        [rule("ALL", [], [rule("ANY", [cond("PERCENTAGE_SPLIT", null, String(split))])])],
        [rule("ALL", [cond("GREATER_THAN", "n", String(split))])],
        [rule("NONE", [cond("EQUAL", "plan", plan)])],
      ),
    ),
);
const arbOverride = fc.record({
  feature: fc.integer({ min: 0, max: features.length - 1 }),
  enabled: fc.boolean(),
  value: arbValue,
  priority: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
});
const arbDoc = fc
  .record({
    defaults: fc.array(fc.record({ enabled: fc.boolean(), value: arbValue }), {
      minLength: features.length,
      maxLength: features.length,
    }),
    segments: fc.array(fc.record({ rules: arbRules, overrides: fc.array(arbOverride, { maxLength: 3 }) }), {
      maxLength: 5,
    }),
    composite: fc.boolean(),
  })
  .map(({ defaults, segments, composite }): EnvironmentDocument => {
    const mv = (f: (typeof features)[number]) =>
      f.type === "MULTIVARIATE"
        ? [mvValue(1, 30, { id: 1, value: "b", key: "B" }), mvValue(2, 30, { id: 2, value: "c", key: "C" })]
        : [];
    const live = doc(
      {
        feature_states: features.map((f, i) =>
          state(f, {
            enabled: defaults[i]!.enabled,
            feature_state_value: defaults[i]!.value,
            multivariate_feature_state_values: mv(f),
          }),
        ),
      },
      segments.map((s, i) =>
        segment(
          10 + i,
          s.rules,
          s.overrides.map((o) =>
            state(features[o.feature]!, {
              enabled: o.enabled,
              feature_state_value: o.value,
              feature_segment: o.priority === undefined ? null : { priority: o.priority },
              multivariate_feature_state_values: mv(features[o.feature]!),
            }),
          ),
          `segment-${i}`,
        ),
      ),
    );
    return { ...live, use_identity_composite_key_for_hashing: composite };
  });
const arbProposal = fc.record({
  states: fc.array(
    fc.record({
      feature: fc.integer({ min: 1, max: features.length - 1 }),
      segment: fc.constantFrom<number | null>(null, null, 10, 11, 12),
      enabled: fc.option(fc.boolean(), { nil: undefined }),
      value: fc.option(arbValue, { nil: undefined }),
      remove: fc.option(fc.boolean(), { nil: undefined }),
      priority: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    }),
    { maxLength: 3 },
  ),
  segments: fc.array(fc.record({ id: fc.constantFrom(10, 11, 12), rules: arbRules }), { maxLength: 2 }),
});
const arbIdentities = fc.array(
  fc.record({
    plan: fc.constantFrom("pro", "free", "team"),
    n: fc.integer({ min: 0, max: 100 }),
    pinned: fc.option(fc.record({ feature: fc.integer({ min: 0, max: 4 }), enabled: fc.boolean() }), {
      nil: undefined,
    }),
  }),
  { maxLength: 25 },
);

type GeneratedProposal = typeof arbProposal extends fc.Arbitrary<infer T> ? T : never;

/** The generated proposal, keeping only parts naming segments the document has. */
function toProposal(live: EnvironmentDocument, p: GeneratedProposal): Proposal {
  const present = new Set(live.project.segments.map((s) => s.id));
  return {
    featureStates: p.states
      .filter((s) => s.segment === null || present.has(s.segment))
      .map((s) => ({
        featureId: features[s.feature]!.id,
        segmentId: s.segment,
        enabled: s.enabled,
        value: s.value,
        remove: s.remove,
        priority: s.priority,
      })),
    segments: p.segments.filter((s) => present.has(s.id)).map((s) => ({ segmentId: s.id, rules: s.rules })),
  };
}

function impactOf(
  live: EnvironmentDocument,
  proposal: Proposal,
  identities: ImpactIdentity[],
  restricted: boolean,
) {
  const tally = createImpactTally({
    live,
    proposed: applyProposal(live, proposal),
    featureIds: affectedFeatureIds(live, proposal),
    maxExamples: 2,
    restricted,
  });
  for (const identity of identities) tallyIdentity(tally, identity);
  return summariseImpact(tally);
}

describe("restricted evaluation", () => {
  it("counts exactly what evaluating every flag of both documents counts", () => {
    fc.assert(
      fc.property(arbDoc, arbProposal, arbIdentities, (live, p, rows) => {
        const proposal = toProposal(live, p);
        const identities: ImpactIdentity[] = rows.map((r, i) => ({
          id: i + 1,
          identifier: `u${i}`,
          traits: [trait("plan", r.plan), trait("n", r.n)],
          identityOverrides: r.pinned
            ? [
                state(features[r.pinned.feature]!, {
                  enabled: r.pinned.enabled,
                  feature_state_value: "pinned",
                }) as EngineFeatureState,
              ]
            : [],
        }));
        expect(impactOf(live, proposal, identities, true)).toEqual(
          impactOf(live, proposal, identities, false),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("keeps only the affected features and the segments overriding them", () => {
    const live = doc({ feature_states: features.map((f) => state(f)) }, [
      segment(10, [rule("ALL", [cond("EQUAL", "plan", "pro")])], [state(features[1]!)]),
      segment(11, [rule("ALL", [cond("EQUAL", "plan", "free")])], [state(features[3]!)]),
    ]);
    const proposal: Proposal = {
      featureStates: [{ featureId: 2, segmentId: null, enabled: false }],
      segments: [],
    };
    const plan = compileRestrictedPlan({
      live,
      proposed: applyProposal(live, proposal),
      featureIds: affectedFeatureIds(live, proposal),
    });
    expect(plan.live.feature_states.map((s) => s.feature.id)).toEqual([2]);
    expect(plan.live.project.segments.map((s) => s.id)).toEqual([10]);
    // The segment's rules are untouched: its membership is shared between the two sides.
    expect(plan.shared).toEqual([0]);
  });
});
