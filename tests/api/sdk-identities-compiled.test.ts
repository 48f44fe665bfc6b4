// The identity answer is built from remembered segment matches and compiled runs of flags
// (lib/engine/segment-memo.ts, lib/sdk/identities/respond.ts) when every segment reads only
// traits, and flag by flag otherwise. Both must agree with the admin's all-states view, which
// resolves each flag through the engine's other path (evaluateIdentityFlags).
import { describe, expect, it } from "vitest";
import { call, seed, type Seeded } from "../support/api";
import {
  createFeature,
  createIdentityOverride,
  createSegment,
  createSegmentOverride,
  identify,
  rulesOf,
} from "../sdk/fixtures";

async function allStates(s: Seeded, identifier: string) {
  const list = await call(
    `/api/v1/environments/${s.envKey}/identities/?q=${encodeURIComponent(`"${identifier}"`)}`,
    { token: s.token },
  );
  const id = list.body.results[0].id;
  const res = await call(`/api/v1/environments/${s.envKey}/identities/${id}/featurestates/all/`, {
    token: s.token,
  });
  expect(res.status).toBe(200);
  return res.body as { feature: { name: string }; enabled: boolean; feature_state_value: unknown }[];
}

const byName = (flags: { feature: { name: string }; enabled: boolean; feature_state_value: unknown }[]) =>
  Object.fromEntries(flags.map((f) => [f.feature.name, [f.enabled, f.feature_state_value]]));

async function setUp(withSplit: boolean) {
  const s = await seed();
  const features = [];
  for (let i = 0; i < 6; i++) {
    features.push(
      await createFeature(s, {
        name: `f${i}`,
        default_enabled: i % 2 === 0,
        initial_value: `v${i}`,
        ...(i % 3 === 0
          ? {
              multivariate_options: [
                { type: "unicode", string_value: `a${i}`, default_percentage_allocation: 40 },
                { type: "unicode", string_value: `b${i}`, default_percentage_allocation: 40 },
              ],
            }
          : {}),
      }),
    );
  }
  const gold = await createSegment(
    s,
    "gold",
    rulesOf([{ property: "plan", operator: "EQUAL", value: "gold" }]),
  );
  const adults = await createSegment(
    s,
    "adults",
    rulesOf([{ property: "age", operator: "GREATER_THAN_INCLUSIVE", value: "18" }]),
  );
  const segments = [gold, adults];
  if (withSplit) {
    segments.push(
      await createSegment(
        s,
        "half",
        rulesOf([{ property: null, operator: "PERCENTAGE_SPLIT", value: "50" }]),
      ),
    );
  }
  for (const [i, segment] of segments.entries()) {
    for (const feature of [features[i], features[i + 2], features[3]]) {
      await createSegmentOverride(s, {
        feature: feature.id,
        segment: segment.id,
        enabled: i % 2 === 1,
        value: `${segment.name}-${feature.name}`,
      }).catch(() => undefined); // one override per feature and segment; repeats are refused
    }
  }
  return { s, features };
}

describe("compiled identity answers", () => {
  for (const withSplit of [false, true]) {
    it(`match the all-states view for every identity${withSplit ? " (a segment reads the identity)" : ""}`, async () => {
      const { s, features } = await setUp(withSplit);
      await identify(s.envKey, { identifier: "overridden" });
      await createIdentityOverride(s, {
        identifier: "overridden",
        feature: features[1].id,
        enabled: true,
        value: "mine",
      });
      const plans = ["gold", "free", "silver"];
      const identifiers = ["overridden", ...Array.from({ length: 12 }, (_, i) => `user-${i}`)];
      for (const [n, identifier] of identifiers.entries()) {
        const traits = [
          { trait_key: "plan", trait_value: plans[n % 3] },
          { trait_key: "age", trait_value: 10 + n * 3 },
        ];
        const answer = await identify(s.envKey, { identifier, traits });
        expect(byName(answer.flags)).toEqual(byName(await allStates(s, identifier)));
        // The same identity again: answered from what the first call remembered and compiled.
        expect((await identify(s.envKey, { identifier, traits })).flags).toEqual(answer.flags);
      }
      const overridden = (await identify(s.envKey, { identifier: "overridden" })).flags;
      expect(overridden.find((f) => f.feature.name === "f1")?.feature_state_value).toBe("mine");
    });
  }
});
