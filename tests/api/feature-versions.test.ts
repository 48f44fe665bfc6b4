// Feature history over HTTP: every change to a feature's environment default or segment
// overrides is a version; two versions compare field by field; restoring one brings back
// exactly the SDK answers of that time, as a new audited version.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { rawQuery } from "../support/raw-query";

let s: Seeded;
let other: Seeded;

beforeAll(async () => {
  [s, other] = await Promise.all([seed(), seed()]);
});

async function ok(res: Promise<{ status: number; body: any; text: string }>) {
  const r = await res;
  if (r.status >= 300) throw new Error(`fixture failed: ${r.status} ${r.text}`);
  return r.body;
}

const segment = (plan: string) =>
  ok(
    call(`/api/v1/projects/${s.projectId}/segments/`, {
      token: s.token,
      body: {
        name: unique("seg"),
        rules: [
          {
            type: "ALL",
            rules: [{ type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value: plan }] }],
          },
        ],
      },
    }),
  );

const versionsPath = (featureId: number) =>
  `/api/v1/environments/${s.envKey}/features/${featureId}/versions/`;

/** What the SDKs see: the environment's flags and a "pro" identity's flags. */
async function sdkAnswers() {
  const flags = await ok(call("/api/v1/flags/", { envKey: s.envKey }));
  const identity = await ok(
    call("/api/v1/identities/", {
      envKey: s.envKey,
      body: { identifier: "pro-user", traits: [{ trait_key: "plan", trait_value: "pro" }] },
    }),
  );
  return { flags, identityFlags: identity.flags };
}

describe("feature versions", () => {
  let featureId: number;
  let defaultStateId: number;
  let goodVersion: any;

  it("records a version at creation and at each change, with author and time", async () => {
    const feature = await ok(
      call(`/api/v1/projects/${s.projectId}/features/`, {
        token: s.token,
        body: { name: unique("f"), initial_value: "v1", default_enabled: false },
      }),
    );
    featureId = feature.id;
    const pro = await segment("pro");
    await ok(
      call(`/api/v1/environments/${s.envKey}/features/${featureId}/create-segment-override/`, {
        token: s.token,
        body: {
          enabled: true,
          feature_state_value: { type: "unicode", string_value: "pro-v1" },
          feature_segment: { segment: pro.id },
        },
      }),
    );
    const res = await call(versionsPath(featureId), { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    const [latest, first] = res.body.results;
    expect(first.state).toEqual({
      environment_default: {
        enabled: false,
        feature_state_value: "v1",
        value_type: "unicode",
        multivariate_feature_state_values: [],
      },
      segment_overrides: [],
    });
    expect(latest).toEqual({
      uuid: expect.any(String),
      created_at: expect.any(String),
      updated_at: latest.created_at,
      published: true,
      published_at: latest.created_at,
      live_from: latest.created_at,
      is_live: true,
      published_by: expect.any(Number),
      created_by: latest.published_by,
      author: { id: latest.published_by, email: s.email },
      previous_version_uuid: first.uuid,
      restored_from_uuid: null,
      feature: featureId,
      environment: s.environmentId,
      state: {
        environment_default: first.state.environment_default,
        segment_overrides: [
          {
            segment: pro.id,
            segment_name: pro.name,
            priority: 0,
            enabled: true,
            feature_state_value: "pro-v1",
            value_type: "unicode",
            multivariate_feature_state_values: [],
          },
        ],
      },
    });
    expect(first.is_live).toBe(false);
    goodVersion = latest;
    const state = await ok(
      call(`/api/v1/environments/${s.envKey}/featurestates/?feature=${featureId}`, { token: s.token }),
    );
    defaultStateId = state.results[0].id;
  });

  it("restores the exact previous SDK answers, as a new audited version", async () => {
    const before = await sdkAnswers();
    // A bad change: the default on with another value, and a new override ahead of the old one.
    await ok(
      call(`/api/v1/environments/${s.envKey}/featurestates/${defaultStateId}/`, {
        token: s.token,
        method: "PATCH",
        body: { enabled: true, feature_state_value: 42 },
      }),
    );
    const pro2 = await segment("pro");
    await ok(
      call(`/api/v1/environments/${s.envKey}/features/${featureId}/create-segment-override/`, {
        token: s.token,
        body: {
          enabled: false,
          feature_state_value: { type: "unicode", string_value: "bad" },
          feature_segment: { segment: pro2.id, priority: 0 },
        },
      }),
    );
    const changed = await sdkAnswers();
    expect(changed).not.toEqual(before);

    const auditBefore = (await call("/api/v1/audit/?page_size=1", { token: s.token })).body.count;
    const res = await call(`${versionsPath(featureId)}${goodVersion.uuid}/restore/`, {
      token: s.token,
      method: "POST",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      is_live: true,
      restored_from_uuid: goodVersion.uuid,
      state: goodVersion.state,
      author: { email: s.email },
    });
    expect(await sdkAnswers()).toEqual(before);

    const audit = await call("/api/v1/audit/?page_size=1", { token: s.token });
    expect(audit.body.count).toBe(auditBefore + 1);
    expect(audit.body.results[0]).toMatchObject({
      related_object_type: "FEATURE",
      related_object_id: featureId,
      log: expect.stringContaining(`Version ${goodVersion.uuid} restored`),
    });
    const list = await call(versionsPath(featureId), { token: s.token });
    expect(list.body.count).toBe(5);
    expect(list.body.results[0].uuid).toBe(res.body.uuid);
    expect(list.body.results.filter((v: any) => v.is_live)).toHaveLength(1);
  });

  it("compares two versions field by field", async () => {
    const list = (await call(versionsPath(featureId), { token: s.token })).body.results;
    const [restored, bad] = list;
    const res = await call(`${versionsPath(featureId)}${restored.uuid}/compare/?compare_with=${bad.uuid}`, {
      token: s.token,
    });
    expect(res.status).toBe(200);
    const pro2 = bad.state.segment_overrides[0];
    expect(res.body).toEqual({
      version: restored.uuid,
      compare_with: bad.uuid,
      changes: [
        { field: "environment_default.enabled", old: true, new: false },
        { field: "environment_default.feature_state_value", old: 42, new: "v1" },
        { field: "environment_default.value_type", old: "int", new: "unicode" },
        ...(pro2.segment < restored.state.segment_overrides[0].segment
          ? [
              { field: `segment_overrides.${pro2.segment}`, old: pro2, new: null },
              {
                field: `segment_overrides.${restored.state.segment_overrides[0].segment}.priority`,
                old: 1,
                new: 0,
              },
            ]
          : [
              {
                field: `segment_overrides.${restored.state.segment_overrides[0].segment}.priority`,
                old: 1,
                new: 0,
              },
              { field: `segment_overrides.${pro2.segment}`, old: pro2, new: null },
            ]),
      ],
    });
    const same = await call(
      `${versionsPath(featureId)}${restored.uuid}/compare/?compare_with=${restored.uuid}`,
      {
        token: s.token,
      },
    );
    expect(same.body.changes).toEqual([]);
  });

  it("answers 400, 401 and 404 with Flagsmith-style bodies", async () => {
    const list = (await call(versionsPath(featureId), { token: s.token })).body.results;
    const uuid = list[0].uuid;
    const noCompare = await call(`${versionsPath(featureId)}${uuid}/compare/`, { token: s.token });
    expect(noCompare.status).toBe(400);
    expect(noCompare.body).toEqual({ compare_with: [expect.any(String)] });

    const anonymous = await call(versionsPath(featureId));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ detail: "Authentication credentials were not provided." });

    const notFound = { detail: "Not found." };
    for (const [path, method] of [
      [`${versionsPath(featureId)}00000000-0000-4000-8000-000000000000/`, "GET"],
      [`${versionsPath(featureId)}00000000-0000-4000-8000-000000000000/restore/`, "POST"],
      [`${versionsPath(featureId)}${uuid}/compare/?compare_with=nope`, "GET"],
      [versionsPath(999999), "GET"],
    ]) {
      const res = await call(path, { token: s.token, method });
      expect([path, res.status, res.body]).toEqual([path, 404, notFound]);
    }
    // Another organisation's member sees neither the versions nor can restore them.
    for (const [path, method] of [
      [versionsPath(featureId), "GET"],
      [`${versionsPath(featureId)}${list[1].uuid}/restore/`, "POST"],
    ]) {
      const res = await call(path, { token: other.token, method });
      expect([path, res.status, res.body]).toEqual([path, 404, notFound]);
    }
    expect((await call(versionsPath(featureId), { token: s.token })).body.results[0].uuid).toBe(uuid);
  });
});

describe("features created before versioning", () => {
  /** A feature as an older release left it: states, but no versions. */
  async function olderFeature(name: string) {
    const feature = await ok(
      call(`/api/v1/projects/${s.projectId}/features/`, {
        token: s.token,
        body: { name: unique(name), initial_value: "old", default_enabled: true },
      }),
    );
    await rawQuery(inject("databaseUrl"), `DELETE FROM "FeatureVersion" WHERE "featureId" = ${feature.id}`);
    expect((await ok(call(versionsPath(feature.id), { token: s.token }))).count).toBe(1);
    await rawQuery(inject("databaseUrl"), `DELETE FROM "FeatureVersion" WHERE "featureId" = ${feature.id}`);
    await rawQuery(
      inject("databaseUrl"),
      `DELETE FROM "FeatureVersionBaseline" WHERE "featureId" = ${feature.id}`,
    );
    return feature;
  }

  it("gets one first version from its current state, however many requests race for it", async () => {
    const feature = await olderFeature("old_read");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(versionsPath(feature.id), { token: s.token })),
    );
    for (const answer of answers) expect([answer.status, answer.body.count]).toEqual([200, 1]);
    const [first] = answers[0].body.results;
    expect(first).toMatchObject({
      is_live: true,
      published_by: null,
      author: null,
      previous_version_uuid: null,
      state: {
        environment_default: { enabled: true, feature_state_value: "old" },
        segment_overrides: [],
      },
    });
    expect(new Set(answers.map((a) => a.body.results[0].uuid)).size).toBe(1);
  });

  it("keeps the state before the first change when that change comes first", async () => {
    const feature = await olderFeature("old_write");
    const [state] = (
      await ok(
        call(`/api/v1/environments/${s.envKey}/featurestates/?feature_name=${feature.name}`, {
          token: s.token,
        }),
      )
    ).results;
    const changes = await Promise.all(
      [false, true, false].map((enabled) =>
        call(`/api/v1/environments/${s.envKey}/featurestates/${state.id}/`, {
          token: s.token,
          method: "PATCH",
          body: { enabled },
        }),
      ),
    );
    for (const change of changes) expect(change.status).toBe(200);
    const versions = (await ok(call(versionsPath(feature.id), { token: s.token }))).results;
    const first = versions.at(-1);
    expect(first).toMatchObject({
      author: null,
      previous_version_uuid: null,
      state: { environment_default: { enabled: true, feature_state_value: "old" } },
    });
    // The baseline is written once; every later version is a change by its author.
    expect(versions.filter((v: { author: unknown }) => v.author === null)).toHaveLength(1);
    expect(versions[0].author).toEqual({ id: expect.any(Number), email: s.email });
  });
});
