// Issue 18: "why this value". POST /api/v1/environments/{api_key}/evaluate/ explains each flag
// for an identifier and traits, and its values agree with the SDK identities endpoint over a
// generated set of identities.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { call, seed, type Seeded } from "../support/api";
import {
  createFeature,
  createIdentityOverride,
  createSegment,
  createSegmentOverride,
  identify,
  rulesOf,
} from "../sdk/fixtures";

let s: Seeded;
const path = () => `/api/v1/environments/${s.envKey}/evaluate/`;

beforeAll(async () => {
  s = await seed();
  const banner = await createFeature(s, { name: "ex_banner", default_enabled: true, initial_value: "plain" });
  const colour = await createFeature(s, {
    name: "ex_colour",
    default_enabled: true,
    initial_value: "grey",
    multivariate_options: [
      { type: "unicode", string_value: "red", default_percentage_allocation: 30 },
      { type: "unicode", string_value: "blue", default_percentage_allocation: 40 },
    ],
  });
  const limit = await createFeature(s, { name: "ex_limit", default_enabled: false, initial_value: "10" });
  const gold = await createSegment(
    s,
    "ex gold",
    rulesOf(
      [{ property: "plan", operator: "EQUAL", value: "gold" }],
      [{ property: "age", operator: "GREATER_THAN", value: "17" }],
    ),
  );
  const half = await createSegment(s, "ex half", rulesOf([{ operator: "PERCENTAGE_SPLIT", value: "50" }]));
  const nordic = await createSegment(
    s,
    "ex nordic",
    rulesOf([
      { property: "country", operator: "IN", value: "NO,SE,DK" },
      { property: "beta", operator: "EQUAL", value: "true" },
    ]),
  );
  await createSegmentOverride(s, { feature: banner.id, segment: gold.id, enabled: true, value: "gold" });
  await createSegmentOverride(s, { feature: banner.id, segment: nordic.id, enabled: true, value: "nordic" });
  await createSegmentOverride(s, { feature: limit.id, segment: half.id, enabled: true, value: 50 });
  await createSegmentOverride(s, { feature: colour.id, segment: nordic.id, enabled: false, value: "white" });
  await createIdentityOverride(s, { identifier: "ex-vip", feature: limit.id, enabled: true, value: 1000 });
  // A stored identity with traits, to explain with what is stored.
  await identify(s.envKey, {
    identifier: "ex-stored",
    traits: [
      { trait_key: "plan", trait_value: "gold" },
      { trait_key: "age", trait_value: 30 },
    ],
  });
});

describe("POST /api/v1/environments/{api_key}/evaluate/", () => {
  it("explains a segment override with the rules, conditions and trait values it saw", async () => {
    const res = await call(path(), {
      token: s.token,
      body: { identifier: "ex-stored", feature: "ex_banner" },
    });
    expect(res.status).toBe(200);
    expect(res.body.identity_id).toEqual(expect.any(Number));
    expect(res.body.identity_key).toBe(`${s.envKey}_ex-stored`);
    expect(res.body.traits).toEqual([
      { trait_key: "plan", trait_value: "gold", source: "stored" },
      { trait_key: "age", trait_value: 30, source: "stored" },
    ]);
    expect(res.body.flags).toHaveLength(1);
    const [flag] = res.body.flags;
    expect(flag).toMatchObject({
      feature: { name: "ex_banner", type: "STANDARD" },
      enabled: true,
      value: "gold",
      variant: null,
      decided_by: "SEGMENT_OVERRIDE",
      reason: "TARGETING_MATCH; segment=ex gold",
      segment: { name: "ex gold" },
      split: null,
    });
    expect(
      flag.segment_overrides.map((c: { segment: { name: string }; matched: boolean; won: boolean }) => [
        c.segment.name,
        c.matched,
        c.won,
      ]),
    ).toEqual([
      ["ex gold", true, true],
      ["ex nordic", false, false],
    ]);
    const goldSegment = res.body.segments.find((seg: { name: string }) => seg.name === "ex gold");
    expect(goldSegment).toEqual({
      id: expect.any(Number),
      name: "ex gold",
      matched: true,
      rules: [
        {
          type: "ALL",
          matched: true,
          conditions: [],
          rules: [
            {
              type: "ANY",
              matched: true,
              rules: [],
              conditions: [
                { operator: "EQUAL", property: "plan", value: "gold", matched: true, seen: "gold" },
              ],
            },
            {
              type: "ANY",
              matched: true,
              rules: [],
              conditions: [
                { operator: "GREATER_THAN", property: "age", value: "17", matched: true, seen: 30 },
              ],
            },
          ],
        },
      ],
    });
  });

  it("uses given traits over stored ones, or alone, and shows the bucket and the split", async () => {
    const given = await call(path(), {
      token: s.token,
      body: { identifier: "ex-stored", traits: { plan: "free", country: "NO" } },
    });
    expect(given.body.traits).toEqual([
      { trait_key: "plan", trait_value: "free", source: "given" },
      { trait_key: "age", trait_value: 30, source: "stored" },
      { trait_key: "country", trait_value: "NO", source: "given" },
    ]);
    const banner = given.body.flags.find(
      (f: { feature: { name: string } }) => f.feature.name === "ex_banner",
    );
    expect(banner).toMatchObject({ value: "nordic", decided_by: "SEGMENT_OVERRIDE" });
    const alone = await call(path(), {
      token: s.token,
      body: { identifier: "ex-stored", use_stored_traits: false },
    });
    expect(alone.body.traits).toEqual([]);
    const colour = alone.body.flags.find(
      (f: { feature: { name: string } }) => f.feature.name === "ex_colour",
    );
    expect(
      colour.split.options.map((o: { value: string; from: number; to: number }) => [o.value, o.from, o.to]),
    ).toEqual([
      ["red", 0, 30],
      ["blue", 30, 70],
    ]);
    const chosen = colour.split.options.find((o: { chosen: boolean }) => o.chosen);
    expect(colour.value).toBe(chosen ? chosen.value : "grey");
    const half = alone.body.segments.find((seg: { name: string }) => seg.name === "ex half");
    const split = half.rules[0].rules[0].conditions[0];
    expect(split.bucket).toEqual(expect.any(Number));
    expect(split.matched).toBe(split.bucket <= 50);
    const vip = await call(path(), { token: s.token, body: { identifier: "ex-vip", feature: "ex_limit" } });
    expect(vip.body.flags[0]).toMatchObject({
      value: 1000,
      enabled: true,
      decided_by: "IDENTITY_OVERRIDE",
    });
  });

  it("agrees with POST /api/v1/identities/ for generated identities and traits", async () => {
    const arbTraits = fc.record(
      {
        plan: fc.constantFrom("gold", "free", "silver"),
        age: fc.integer({ min: 10, max: 40 }),
        country: fc.constantFrom("NO", "SE", "FR", "US"),
        beta: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    const samples = fc.sample(fc.tuple(fc.uuid(), arbTraits), { numRuns: 40, seed: 18 });
    for (const [uuid, traits] of samples) {
      const identifier = `gen-${uuid}`;
      const sdk = await identify(s.envKey, {
        identifier,
        traits: Object.entries(traits).map(([trait_key, trait_value]) => ({ trait_key, trait_value })),
      });
      const explained = await call(path(), { token: s.token, body: { identifier } });
      expect(explained.status).toBe(200);
      const fromSdk = sdk.flags.map((f) => [f.feature.name, f.enabled, f.feature_state_value]).sort();
      const fromExplainer = explained.body.flags
        .map((f: { feature: { name: string }; enabled: boolean; value: unknown }) => [
          f.feature.name,
          f.enabled,
          f.value,
        ])
        .sort();
      expect(fromExplainer, identifier).toEqual(fromSdk);
    }
  });

  it("answers 400, 401 and 404 with Flagsmith-style bodies", async () => {
    const noIdentifier = await call(path(), { token: s.token, body: {} });
    expect(noIdentifier.status).toBe(400);
    expect(noIdentifier.body).toEqual({ identifier: ["This field is required."] });
    const badFeature = await call(path(), { token: s.token, body: { identifier: "x", feature: "nope" } });
    expect(badFeature.status).toBe(400);
    expect(badFeature.body).toEqual({ feature: ["No such feature in this project."] });
    const unauthenticated = await call(path(), { body: { identifier: "x" } });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body).toEqual({ detail: "Authentication credentials were not provided." });
    const stranger = await seed();
    const hidden = await call(path(), { token: stranger.token, body: { identifier: "x" } });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ detail: "Not found." });
  });
});
