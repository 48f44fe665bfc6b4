// Blast radius of a proposed change (Ensign): POST /api/v1/environments/{api_key}/impact/
// evaluates the live and the proposed environment over the stored identities.
import { describe, expect, it } from "vitest";
import { call, seed, signUp, type Seeded } from "../support/api";
import { createFeature, createSegment, equalsRules, identify } from "../support/fixtures";
import { addMember } from "../support/members";

const impactPath = (s: Seeded) => `/api/v1/environments/${s.envKey}/impact/`;

async function populate(s: Seeded, count: number) {
  for (let i = 0; i < count; i++)
    await identify(s, `person-${i}`, [{ trait_key: "plan", trait_value: i % 2 === 0 ? "pro" : "free" }]);
}

async function defaultState(s: Seeded, featureId: number): Promise<number> {
  const res = await call(`/api/v1/environments/${s.envKey}/featurestates/?feature=${featureId}`, {
    token: s.token,
  });
  return res.body.results[0].id;
}

describe("impact", () => {
  it("counts off→on for every stored identity when a default is turned on, and writes nothing", async () => {
    const s = await seed();
    const feature = await createFeature(s, { default_enabled: false });
    await populate(s, 6);
    const res = await call(impactPath(s), {
      token: s.token,
      body: { feature_states: [{ feature: feature.id, enabled: true }], examples: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      environment: s.envKey,
      identities_scanned: 6,
      identities_changed: 6,
      is_complete: true,
      scan_limit: 10000,
    });
    expect(res.body.features).toEqual([
      {
        feature: { id: feature.id, name: feature.name },
        identities_changed: 6,
        other_changes: 0,
        changes: [expect.objectContaining({ kind: "OFF_TO_ON", from: false, to: true, count: 6 })],
      },
    ]);
    const example = res.body.features[0].changes[0].examples;
    expect(example).toHaveLength(2);
    expect(example[0]).toMatchObject({
      identifier: "person-0",
      live: { enabled: false, decided_by: "DEFAULT", reason: "DEFAULT", segment: null },
      proposed: { enabled: true, decided_by: "DEFAULT" },
    });
    // Nothing was written: the identity still gets the live value.
    const flags = await identify(s, "person-0");
    expect(flags.flags.find((f) => f.feature.id === feature.id)?.enabled).toBe(false);
  });

  it("reports a new segment override and a segment rule change only for the identities they reach", async () => {
    const s = await seed();
    const feature = await createFeature(s, { initial_value: "red", default_enabled: true });
    const segment = await createSegment(s);
    await populate(s, 4);
    const override = await call(impactPath(s), {
      token: s.token,
      body: {
        feature_states: [
          { feature: feature.id, segment: segment.id, enabled: true, feature_state_value: "blue" },
        ],
      },
    });
    expect(override.status).toBe(200);
    expect(override.body.identities_changed).toBe(2);
    expect(override.body.features[0].changes[0]).toMatchObject({
      kind: "VALUE",
      from: "red",
      to: "blue",
      count: 2,
    });
    expect(override.body.features[0].changes[0].examples[0].proposed).toMatchObject({
      decided_by: "SEGMENT_OVERRIDE",
      segment: { id: segment.id, name: segment.name },
    });

    const created = await call(
      `/api/v1/environments/${s.envKey}/features/${feature.id}/create-segment-override/`,
      {
        token: s.token,
        body: {
          enabled: true,
          feature_state_value: { type: "unicode", string_value: "blue" },
          feature_segment: { segment: segment.id },
        },
      },
    );
    expect(created.status).toBe(201);
    const rules = await call(impactPath(s), {
      token: s.token,
      body: { segments: [{ id: segment.id, rules: equalsRules("plan", "nobody") }] },
    });
    expect(rules.status).toBe(200);
    expect(rules.body.identities_changed).toBe(2);
    expect(rules.body.features[0].changes[0]).toMatchObject({
      kind: "VALUE",
      from: "blue",
      to: "red",
      count: 2,
    });
  });

  it("takes the environment default by feature_state_value object", async () => {
    const s = await seed();
    const feature = await createFeature(s, { initial_value: "1", default_enabled: true });
    await populate(s, 2);
    await defaultState(s, feature.id);
    const res = await call(impactPath(s), {
      token: s.token,
      body: {
        feature_states: [{ feature: feature.id, feature_state_value: { type: "int", integer_value: 2 } }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.features[0].changes[0]).toMatchObject({ kind: "VALUE", to: 2, count: 2 });
  });

  it("answers 400 for an empty proposal, a foreign feature or segment, and bounds its lists", async () => {
    const s = await seed();
    const other = await seed();
    const foreign = await createFeature(other);
    const foreignSegment = await createSegment(other);
    const empty = await call(impactPath(s), { token: s.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ non_field_errors: ["Propose at least one feature state or segment."] });
    const wrong = await call(impactPath(s), {
      token: s.token,
      body: { feature_states: [{ feature: foreign.id }] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ feature: [`Invalid pk "${foreign.id}" - object does not exist.`] });
    const wrongSegment = await call(impactPath(s), {
      token: s.token,
      body: { segments: [{ id: foreignSegment.id, rules: equalsRules() }] },
    });
    expect(wrongSegment.status).toBe(400);
    expect(wrongSegment.body).toEqual({
      segment: [`Invalid pk "${foreignSegment.id}" - object does not exist.`],
    });
    const many = await call(impactPath(s), {
      token: s.token,
      body: { feature_states: Array.from({ length: 101 }, () => ({ feature: 1 })) },
    });
    expect(many.status).toBe(400);
    expect(Object.keys(many.body)).toEqual(["feature_states"]);
  });

  it("answers 401 without credentials, 404 to a stranger, 403 to a member without VIEW_ENVIRONMENT", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    const body = { feature_states: [{ feature: feature.id, enabled: true }] };
    expect((await call(impactPath(s), { body })).status).toBe(401);
    const stranger = await signUp();
    const hidden = await call(impactPath(s), { token: stranger.token, body });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ detail: "Not found." });
    const member = await addMember(s.organisationId);
    const denied = await call(impactPath(s), { token: member.token, body });
    expect(denied.status).toBe(403);
  });
});
