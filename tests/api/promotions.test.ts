// Promotion between environments (POST /api/v1/projects/{id}/promotions/preview/ and
// /promotions/): the diff of a feature's environment default and segment overrides, applying
// chosen parts in one transaction (audit, one version per feature, undo by restore), and what
// identities in each segment then get from the target through the SDK endpoint.
import { beforeAll, describe, expect, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { createFeature, createSegment, equalsRules, identify } from "../support/fixtures";
import { addMember } from "../support/members";

type World = Seeded & {
  production: { id: number; api_key: string };
  featureId: number;
  options: { a: number; b: number };
  segments: { pro: number; beta: number; old: number };
};

async function ok<T = any>(res: Promise<{ status: number; body: T; text: string }>): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`fixture failed: ${r.status} ${r.text.slice(0, 300)}`);
  return r.body;
}

const defaultState = async (s: { token: string }, envKey: string, featureId: number) =>
  (await ok(call(`/api/v1/environments/${envKey}/featurestates/?feature=${featureId}`, { token: s.token })))
    .results[0];

const override = (
  s: Seeded,
  envKey: string,
  featureId: number,
  body: { segment: number; priority?: number; enabled: boolean; value: string; weights?: [number, number][] },
) =>
  ok(
    call(`/api/v1/environments/${envKey}/features/${featureId}/create-segment-override/`, {
      token: s.token,
      body: {
        enabled: body.enabled,
        feature_state_value: { type: "unicode", string_value: body.value },
        feature_segment: { segment: body.segment, priority: body.priority },
        multivariate_feature_state_values: (body.weights ?? []).map(([option, share]) => ({
          multivariate_feature_option: option,
          percentage_allocation: share,
        })),
      },
    }),
  );

/**
 * Staging (the seeded environment): the feature on, "v2", weights a 30 / b 20, overrides for
 * pro (a 100%) and beta (off). Production: the feature off, "v1", and an override for old.
 */
async function world(): Promise<World> {
  const s = await seed();
  const production = await ok(
    call("/api/v1/environments/", { token: s.token, body: { name: "Production", project: s.projectId } }),
  );
  const feature = await createFeature(s, { initial_value: "v1" });
  const option = (value: string) =>
    ok(
      call(`/api/v1/projects/${s.projectId}/features/${feature.id}/mv-options/`, {
        token: s.token,
        body: { type: "unicode", string_value: value, default_percentage_allocation: 0 },
      }),
    );
  const options = { a: (await option("a")).id, b: (await option("b")).id };
  const segment = async (plan: string) => (await createSegment(s, { rules: equalsRules("plan", plan) })).id;
  const segments = { pro: await segment("pro"), beta: await segment("beta"), old: await segment("old") };
  const staging = await defaultState(s, s.envKey, feature.id);
  await ok(
    call(`/api/v1/environments/${s.envKey}/featurestates/${staging.id}/`, {
      token: s.token,
      method: "PATCH",
      body: {
        enabled: true,
        feature_state_value: "v2",
        multivariate_feature_state_values: [
          { multivariate_feature_option: options.a, percentage_allocation: 30 },
          { multivariate_feature_option: options.b, percentage_allocation: 20 },
        ],
      },
    }),
  );
  await override(s, s.envKey, feature.id, {
    segment: segments.pro,
    enabled: true,
    value: "pro-v",
    weights: [[options.a, 100]],
  });
  await override(s, s.envKey, feature.id, { segment: segments.beta, enabled: false, value: "beta-v" });
  await override(s, production.api_key, feature.id, { segment: segments.old, enabled: true, value: "old-v" });
  return { ...s, production, featureId: feature.id, options, segments };
}

const preview = (w: World, body: Record<string, unknown> = {}, token = w.token) =>
  call(`/api/v1/projects/${w.projectId}/promotions/preview/`, {
    token,
    body: {
      source_environment: w.environmentId,
      target_environment: w.production.id,
      features: [w.featureId],
      ...body,
    },
  });

const promote = (w: World, body: Record<string, unknown>, token = w.token) =>
  call(`/api/v1/projects/${w.projectId}/promotions/`, {
    token,
    body: { source_environment: w.environmentId, target_environment: w.production.id, ...body },
  });

const versions = async (w: World) =>
  (
    await ok(
      call(`/api/v1/environments/${w.production.api_key}/features/${w.featureId}/versions/`, {
        token: w.token,
      }),
    )
  ).results as { uuid: string }[];

const flagOf = async (w: World, identifier: string, plan: string) => {
  const answer = await identify({ envKey: w.production.api_key }, identifier, [
    { trait_key: "plan", trait_value: plan },
  ]);
  const flag = answer.flags.find((f) => f.feature.id === w.featureId)!;
  return { enabled: flag.enabled, value: flag.feature_state_value };
};

describe("promotion preview", () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  }, 60_000);

  it("lists every difference of the default and the segment overrides, with the parts to send", async () => {
    const res = await preview(w);
    expect(res.status, res.text).toBe(200);
    const weights = (a: number, b: number) => [
      { multivariate_feature_option: w.options.a, percentage_allocation: a },
      { multivariate_feature_option: w.options.b, percentage_allocation: b },
    ];
    expect(res.body).toMatchObject({
      source_environment: w.environmentId,
      target_environment: w.production.id,
      target_is_protected: false,
    });
    const [feature] = res.body.features;
    expect(feature.differs).toBe(true);
    expect(feature.environment_default).toEqual({
      source: {
        enabled: true,
        feature_state_value: "v2",
        value_type: "unicode",
        multivariate_feature_state_values: weights(30, 20),
      },
      target: {
        enabled: false,
        feature_state_value: "v1",
        value_type: "unicode",
        multivariate_feature_state_values: weights(0, 0),
      },
      changes: ["enabled", "value", "weights"],
    });
    expect(
      feature.segment_overrides.map((o: any) => [
        o.segment,
        o.status,
        o.source?.priority ?? null,
        o.target?.priority ?? null,
      ]),
    ).toEqual([
      [w.segments.pro, "added", 0, null],
      [w.segments.beta, "added", 1, null],
      [w.segments.old, "removed", null, 0],
    ]);
    expect(feature.segment_overrides[0].source).toMatchObject({
      enabled: true,
      feature_state_value: "pro-v",
      multivariate_feature_state_values: [
        { multivariate_feature_option: w.options.a, percentage_allocation: 100 },
      ],
    });
    expect(feature.parts).toEqual([
      { feature: w.featureId, part: "enabled" },
      { feature: w.featureId, part: "value" },
      { feature: w.featureId, part: "weights" },
      { feature: w.featureId, part: "segment_override", segment: w.segments.pro },
      { feature: w.featureId, part: "segment_override", segment: w.segments.beta },
      { feature: w.featureId, part: "segment_override", segment: w.segments.old },
    ]);
  });

  it("answers 400 for bad bodies and environments or features outside the project", async () => {
    const other = await ok(
      call("/api/v1/projects/", {
        token: w.token,
        body: { name: unique("p"), organisation: w.organisationId },
      }),
    );
    const otherEnv = await ok(
      call("/api/v1/environments/", { token: w.token, body: { name: "Elsewhere", project: other.id } }),
    );
    const otherFeature = await createFeature({ token: w.token, projectId: other.id });
    const cases: [Record<string, unknown>, unknown][] = [
      [
        { target_environment: w.environmentId },
        { target_environment: ["Choose an environment other than the source."] },
      ],
      [
        { target_environment: otherEnv.id },
        { target_environment: ["Environment does not exist in project."] },
      ],
      [
        { features: [otherFeature.id] },
        { features: [`Features ${otherFeature.id} do not exist in project.`] },
      ],
      [{ features: [] }, { features: [expect.any(String)] }],
      [{ features: Array.from({ length: 101 }, (_, i) => i + 1) }, { features: [expect.any(String)] }],
      [{ source_environment: "x" }, { source_environment: [expect.any(String)] }],
    ];
    for (const [body, expected] of cases) {
      const res = await preview(w, body);
      expect([body, res.status, res.body]).toEqual([body, 400, expected]);
    }
  });

  it("answers 401 without a token, 404 for a project not visible, 403 for environments not visible", async () => {
    const anonymous = await call(`/api/v1/projects/${w.projectId}/promotions/preview/`, { body: {} });
    expect(anonymous.status).toBe(401);
    const stranger = await seed();
    expect((await preview(w, {}, stranger.token)).body).toEqual({ detail: "Not found." });
    expect((await preview(w, {}, stranger.token)).status).toBe(404);
    const missing = await call(`/api/v1/projects/2147483000/promotions/preview/`, {
      token: w.token,
      body: {},
    });
    expect([missing.status, missing.body]).toEqual([404, { detail: "Not found." }]);
    // Another tenant's environment named in the body: 403, as any body id not visible.
    const foreign = await preview(w, { target_environment: stranger.environmentId });
    expect([foreign.status, foreign.body]).toEqual([
      403,
      { detail: "You do not have permission to perform this action." },
    ]);
  });
});

describe("applying a promotion", () => {
  it("makes the target serve what the source does, as one version, audited, undone by restore", async () => {
    const w = await world();
    const before = await versions(w);
    const audit = async () =>
      (await ok(call(`/api/v1/projects/${w.projectId}/audit/?page_size=1`, { token: w.token })))
        .count as number;
    const auditBefore = await audit();
    const parts = (await preview(w)).body.features[0].parts;
    const res = await promote(w, { parts });
    expect(res.status, res.text).toBe(200);
    const after = await versions(w);
    expect(after).toHaveLength(before.length + 1);
    expect(res.body).toEqual({
      features: [{ id: w.featureId, name: expect.any(String), version: after[0].uuid }],
    });
    // One entry per state written: the default changed, two overrides created, one deleted.
    expect(await audit()).toBe(auditBefore + 4);
    expect((await preview(w)).body.features[0]).toMatchObject({ differs: false, parts: [] });

    // Identities in each segment, through the SDK endpoint of the target.
    expect(await flagOf(w, unique("pro"), "pro")).toEqual({ enabled: true, value: "a" });
    expect(await flagOf(w, unique("beta"), "beta")).toEqual({ enabled: false, value: "beta-v" });
    const old = await flagOf(w, unique("old"), "old");
    expect(old.enabled).toBe(true);
    expect(["v2", "a", "b"]).toContain(old.value);

    // Undo: restore the version before the promotion.
    const restored = await call(
      `/api/v1/environments/${w.production.api_key}/features/${w.featureId}/versions/${before[0].uuid}/restore/`,
      { token: w.token, method: "POST" },
    );
    expect(restored.status).toBe(201);
    expect((await preview(w)).body.features[0].parts).toEqual(parts);
    expect(await flagOf(w, unique("pro"), "pro")).toEqual({ enabled: false, value: "v1" });
    expect(await flagOf(w, unique("old"), "old")).toEqual({ enabled: true, value: "old-v" });
  });

  it("applies only the chosen parts; a promoted override takes its rank in the source", async () => {
    const w = await world();
    const res = await promote(w, {
      parts: [
        { feature: w.featureId, part: "value" },
        { feature: w.featureId, part: "segment_override", segment: w.segments.pro },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const state = await defaultState(w, w.production.api_key, w.featureId);
    expect(state).toMatchObject({ enabled: false, feature_state_value: "v2" });
    const diff = (await preview(w)).body.features[0];
    expect(diff.environment_default.changes).toEqual(["enabled", "weights"]);
    expect(diff.segment_overrides.map((o: any) => [o.segment, o.status, o.target?.priority ?? null])).toEqual(
      [
        [w.segments.pro, "unchanged", 0],
        [w.segments.beta, "added", null],
        [w.segments.old, "removed", 1],
      ],
    );
    // pro comes before old in production now.
    const segmentsList = await ok(
      call(`/api/v1/features/feature-segments/?environment=${w.production.id}&feature=${w.featureId}`, {
        token: w.token,
      }),
    );
    expect(segmentsList.results.map((r: any) => [r.segment, r.priority])).toEqual([
      [w.segments.pro, 0],
      [w.segments.old, 1],
    ]);
  });

  it("asks for confirmation before promoting into a protected environment", async () => {
    const w = await world();
    await ok(
      call(`/api/v1/environments/${w.production.api_key}/`, {
        token: w.token,
        method: "PATCH",
        body: { is_protected: true },
      }),
    );
    expect((await preview(w)).body.target_is_protected).toBe(true);
    const parts = [{ feature: w.featureId, part: "enabled" }];
    const refused = await promote(w, { parts });
    expect([refused.status, refused.body]).toEqual([
      400,
      { confirm_protected: ['Production is protected: send "confirm_protected": true to promote into it.'] },
    ]);
    expect((await defaultState(w, w.production.api_key, w.featureId)).enabled).toBe(false);
    const confirmed = await promote(w, { parts, confirm_protected: true });
    expect(confirmed.status).toBe(200);
    expect((await defaultState(w, w.production.api_key, w.featureId)).enabled).toBe(true);
  });

  it("answers 400 and writes nothing for bad parts", async () => {
    const w = await world();
    const before = await versions(w);
    const other = await ok(
      call("/api/v1/projects/", {
        token: w.token,
        body: { name: unique("p"), organisation: w.organisationId },
      }),
    );
    const otherFeature = await createFeature({ token: w.token, projectId: other.id });
    const unused = await createSegment(w);
    const good = { feature: w.featureId, part: "enabled" };
    const cases: [unknown, unknown][] = [
      [[], { parts: [expect.any(String)] }],
      [[{ feature: w.featureId, part: "colour" }], { parts: expect.anything() }],
      [
        [good, { feature: otherFeature.id, part: "value" }],
        { parts: [`Features ${otherFeature.id} do not exist in project.`] },
      ],
      [
        [good, { feature: w.featureId, part: "segment_override", segment: unused.id }],
        {
          parts: [`Neither environment has an override of segment ${unused.id} for feature ${w.featureId}.`],
        },
      ],
      [Array.from({ length: 1001 }, () => good), { parts: [expect.any(String)] }],
    ];
    for (const [parts, expected] of cases) {
      const res = await promote(w, { parts });
      expect([res.status, res.body]).toEqual([400, expected]);
    }
    expect(await versions(w)).toHaveLength(before.length);
    expect((await defaultState(w, w.production.api_key, w.featureId)).enabled).toBe(false);
  });

  it("needs VIEW_ENVIRONMENT on the source, UPDATE_FEATURE_STATE (and MANAGE_SEGMENT_OVERRIDES for overrides) on the target", async () => {
    const w = await world();
    const member = await addMember(w.organisationId);
    const grant = (path: string, permissions: string[]) =>
      ok(call(path, { token: w.token, body: { user: member.id, permissions, admin: false } }));
    const parts = [{ feature: w.featureId, part: "enabled" }];
    const denied = { detail: "You do not have permission to perform this action." };
    expect([(await promote(w, { parts }, member.token)).status]).toEqual([403]);
    await grant(`/api/v1/projects/${w.projectId}/user-permissions/`, ["VIEW_PROJECT"]);
    await grant(`/api/v1/environments/${w.production.api_key}/user-permissions/`, ["VIEW_ENVIRONMENT"]);
    const noSource = await preview(w, {}, member.token);
    expect([noSource.status, noSource.body]).toEqual([403, denied]);
    await grant(`/api/v1/environments/${w.envKey}/user-permissions/`, ["VIEW_ENVIRONMENT"]);
    expect((await preview(w, {}, member.token)).status).toBe(200);
    const viewOnly = await promote(w, { parts }, member.token);
    expect([viewOnly.status, viewOnly.body]).toEqual([403, denied]);
    const grants = await ok(
      call(`/api/v1/environments/${w.production.api_key}/user-permissions/`, { token: w.token }),
    );
    const mine = (grants.results ?? grants).find(
      (g: any) => g.user === member.id || g.user?.id === member.id,
    );
    await ok(
      call(`/api/v1/environments/${w.production.api_key}/user-permissions/${mine.id}/`, {
        token: w.token,
        method: "PATCH",
        body: { permissions: ["VIEW_ENVIRONMENT", "UPDATE_FEATURE_STATE"] },
      }),
    );
    const allowed = await promote(w, { parts }, member.token);
    expect(allowed.status, allowed.text).toBe(200);
    expect((await defaultState(w, w.production.api_key, w.featureId)).enabled).toBe(true);
    // Segment overrides also need MANAGE_SEGMENT_OVERRIDES on the target, as direct writes do.
    const overridePart = { feature: w.featureId, part: "segment_override", segment: w.segments.pro };
    const noOverrides = await promote(w, { parts: [overridePart] }, member.token);
    expect([noOverrides.status, noOverrides.body]).toEqual([403, denied]);
    await ok(
      call(`/api/v1/environments/${w.production.api_key}/user-permissions/${mine.id}/`, {
        token: w.token,
        method: "PATCH",
        body: { permissions: ["VIEW_ENVIRONMENT", "UPDATE_FEATURE_STATE", "MANAGE_SEGMENT_OVERRIDES"] },
      }),
    );
    const withOverrides = await promote(w, { parts: [overridePart] }, member.token);
    expect(withOverrides.status, withOverrides.text).toBe(200);
  });
});
