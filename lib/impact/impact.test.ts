import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateIdentityFlags, type EnvironmentDocument } from "@/lib/engine";
import { cond, doc, feature, mvValue, rule, segment, state, trait } from "@/lib/engine/test-fixtures";
import { affectedFeatureIds, applyProposal, type Proposal } from "./apply";
import { createImpactTally, summariseImpact, tallyIdentity, type ImpactIdentity } from "./tally";

const banner = feature(1, "banner");
const colour = feature(2, "colour");
const proRule = [rule("ALL", [], [rule("ANY", [cond("EQUAL", "plan", "pro")])])] as const;

function liveDoc(): EnvironmentDocument {
  return doc(
    { feature_states: [state(banner, { enabled: false }), state(colour, { feature_state_value: "red" })] },
    [
      segment(
        10,
        [...proRule],
        [state(colour, { feature_state_value: "blue", feature_segment: { priority: 0 } })],
        "pro",
      ),
    ],
  );
}

function people(n: number): ImpactIdentity[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    identifier: `user-${i + 1}`,
    traits: [trait("plan", i % 2 === 0 ? "pro" : "free")],
    identityOverrides: [],
  }));
}

function impactOf(live: EnvironmentDocument, proposal: Proposal, identities: ImpactIdentity[], examples = 3) {
  const tally = createImpactTally({
    live,
    proposed: applyProposal(live, proposal),
    featureIds: affectedFeatureIds(live, proposal),
    maxExamples: examples,
  });
  for (const identity of identities) tallyIdentity(tally, identity);
  return summariseImpact(tally);
}

describe("applyProposal", () => {
  it("leaves the live document untouched", () => {
    const live = liveDoc();
    const before = JSON.stringify(live);
    applyProposal(live, {
      featureStates: [
        { featureId: 1, segmentId: null, enabled: true },
        { featureId: 2, segmentId: 10, value: "green" },
      ],
      segments: [{ segmentId: 10, rules: [] }],
    });
    expect(JSON.stringify(live)).toBe(before);
  });

  it("creates a segment override last in priority and removes one", () => {
    const live = liveDoc();
    const added = applyProposal(live, {
      featureStates: [{ featureId: 1, segmentId: 10, enabled: true }],
      segments: [],
    });
    const created = added.project.segments[0].feature_states.find((s) => s.feature.id === 1);
    expect(created).toMatchObject({
      enabled: true,
      feature_state_value: null,
      feature_segment: { priority: 0 },
    });
    const removed = applyProposal(live, {
      featureStates: [{ featureId: 2, segmentId: 10, remove: true }],
      segments: [],
    });
    expect(removed.project.segments[0].feature_states).toEqual([]);
  });
});

describe("blast radius", () => {
  it("counts off→on for everyone when the default is turned on, with explained examples", () => {
    const result = impactOf(
      liveDoc(),
      { featureStates: [{ featureId: 1, segmentId: null, enabled: true }], segments: [] },
      people(10),
    );
    expect(result.identities_scanned).toBe(10);
    expect(result.identities_changed).toBe(10);
    expect(result.features).toHaveLength(1);
    const [banner] = result.features;
    expect(banner.changes).toHaveLength(1);
    expect(banner.changes[0]).toMatchObject({ kind: "OFF_TO_ON", from: false, to: true, count: 10 });
    expect(banner.changes[0].examples).toHaveLength(3);
    expect(banner.changes[0].examples[0]).toMatchObject({
      identifier: "user-1",
      live: { enabled: false, decided_by: "DEFAULT", reason: "DEFAULT" },
      proposed: { enabled: true, decided_by: "DEFAULT" },
    });
  });

  it("counts value A→B only for the identities a segment override reaches", () => {
    const result = impactOf(
      liveDoc(),
      { featureStates: [{ featureId: 2, segmentId: 10, value: "green" }], segments: [] },
      people(10),
    );
    expect(result.identities_changed).toBe(5);
    expect(result.features[0].changes).toEqual([
      expect.objectContaining({ kind: "VALUE", from: "blue", to: "green", count: 5 }),
    ]);
    expect(result.features[0].changes[0].examples[0].proposed).toMatchObject({
      decided_by: "SEGMENT_OVERRIDE",
      reason: "TARGETING_MATCH; segment=pro",
      segment: { id: 10, name: "pro" },
    });
  });

  it("reports a segment rule change through the features the segment overrides, both ways", () => {
    const rules = [rule("ALL", [], [rule("ANY", [cond("EQUAL", "plan", "free")])])];
    const result = impactOf(
      liveDoc(),
      { featureStates: [], segments: [{ segmentId: 10, rules }] },
      people(4),
    );
    expect(result.identities_changed).toBe(4);
    const kinds = result.features[0].changes.map((c) => [c.from, c.to, c.count]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ["blue", "red", 2],
        ["red", "blue", 2],
      ]),
    );
  });

  it("leaves out identities whose own override decides the flag", () => {
    const [person] = people(1);
    const pinned = { ...person, identityOverrides: [state(banner, { enabled: false })] };
    const result = impactOf(
      liveDoc(),
      { featureStates: [{ featureId: 1, segmentId: null, enabled: true }], segments: [] },
      [pinned],
    );
    expect(result.identities_changed).toBe(0);
  });

  it("reports variant X→Y when a multivariate split moves", () => {
    const mv = feature(3, "checkout", "MULTIVARIATE");
    const live = doc({
      feature_states: [
        state(mv, {
          feature_state_value: "a",
          multivariate_feature_state_values: [mvValue(1, 100, { id: 1, value: "b", key: "B" })],
        }),
      ],
    });
    const result = impactOf(
      live,
      { featureStates: [{ featureId: 3, segmentId: null, value: "z" }], segments: [] },
      people(3),
    );
    // Everyone is in the 100 % variant: the default value's change reaches no one.
    expect(result.identities_changed).toBe(0);
  });

  it("moves identities out of a variant when a proposal's allocations take its weight away", () => {
    const mv = feature(3, "checkout", "MULTIVARIATE");
    const live = doc({
      feature_states: [
        state(mv, {
          feature_state_value: "a",
          multivariate_feature_state_values: [mvValue(1, 100, { id: 1, value: "b", key: "B" })],
        }),
      ],
    });
    const proposal: Proposal = {
      featureStates: [{ featureId: 3, segmentId: null, allocations: [{ optionId: 1, percentage: 0 }] }],
      segments: [],
    };
    expect(
      applyProposal(live, proposal).feature_states[0].multivariate_feature_state_values[0]
        .percentage_allocation,
    ).toBe(0);
    const result = impactOf(live, proposal, people(3));
    expect(result.identities_changed).toBe(3);
    expect(result.features[0].changes[0]).toMatchObject({
      kind: "VARIANT",
      from: "B",
      to: "control",
      count: 3,
    });
  });
});

describe("blast radius properties", () => {
  const arbIdentities = fc.array(
    fc.record({ plan: fc.constantFrom("pro", "free", "team"), n: fc.integer({ min: 0, max: 100 }) }),
    { maxLength: 30 },
  );
  const arbProposal = fc.record({
    enabled: fc.option(fc.boolean(), { nil: undefined }),
    value: fc.option(fc.constantFrom("red", "blue", "green"), { nil: undefined }),
    segment: fc.constantFrom<number | null>(null, 10),
    plan: fc.constantFrom("pro", "free", "team"),
  });

  it("counts exactly the identities whose evaluation differs, and no more than it scanned", () => {
    fc.assert(
      fc.property(arbIdentities, arbProposal, (rows, p) => {
        const live = liveDoc();
        const identities: ImpactIdentity[] = rows.map((r, i) => ({
          id: i + 1,
          identifier: `u${i}`,
          traits: [trait("plan", r.plan), trait("n", r.n)],
          identityOverrides: [],
        }));
        const proposal: Proposal = {
          featureStates: [{ featureId: 2, segmentId: p.segment, enabled: p.enabled, value: p.value }],
          segments: [
            { segmentId: 10, rules: [rule("ALL", [], [rule("ANY", [cond("EQUAL", "plan", p.plan)])])] },
          ],
        };
        const proposed = applyProposal(live, proposal);
        const result = impactOf(live, proposal, identities);
        const differs = identities.filter((identity) => {
          const input = { identifier: identity.identifier, identityId: identity.id, traits: identity.traits };
          const a = evaluateIdentityFlags({ doc: live, ...input });
          const b = evaluateIdentityFlags({ doc: proposed, ...input });
          return a.some((f, i) => f.enabled !== b[i].enabled || f.value !== b[i].value);
        }).length;
        expect(result.identities_changed).toBe(differs);
        expect(result.identities_scanned).toBe(identities.length);
        const total = result.features.reduce(
          (sum, f) => sum + f.changes.reduce((s, c) => s + c.count, 0) + f.other_changes,
          0,
        );
        expect(total).toBe(result.features.reduce((sum, f) => sum + f.identities_changed, 0));
      }),
    );
  });

  it("an empty change changes nothing", () => {
    fc.assert(
      fc.property(arbIdentities, (rows) => {
        const identities = rows.map((r, i) => ({
          id: i + 1,
          identifier: `u${i}`,
          traits: [trait("plan", r.plan)],
          identityOverrides: [],
        }));
        const result = impactOf(
          liveDoc(),
          { featureStates: [{ featureId: 2, segmentId: null }], segments: [] },
          identities,
        );
        expect(result.identities_changed).toBe(0);
      }),
    );
  });
});
