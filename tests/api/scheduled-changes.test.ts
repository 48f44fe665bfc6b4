// Scheduled changes over HTTP: a change scheduled for a time is applied by the server at that
// time exactly once while three instances share the database (the test server and two more),
// shows in the feature's history, and a pending one can be cancelled.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { startEnsign, type RunningEnsign } from "../support/server";

let s: Seeded;
let a: RunningEnsign;
let b: RunningEnsign;

beforeAll(async () => {
  const databaseUrl = inject("databaseUrl");
  const env = { ENSIGN_SCHEDULE_POLL_MS: "100" };
  [a, b, s] = await Promise.all([
    startEnsign({ databaseUrl, env }),
    startEnsign({ databaseUrl, env }),
    seed(),
  ]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

async function newFeature() {
  const res = await call(`/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name: unique("sched"), initial_value: "old" },
  });
  return res.body.id as number;
}

const schedulePath = (featureId: number) =>
  `/api/v1/environments/${s.envKey}/features/${featureId}/scheduled-changes/`;

describe("scheduled changes", () => {
  it("applies a due change once with several instances, audited and versioned", async () => {
    const featureId = await newFeature();
    // Far enough ahead that the flag can be read as it was before, even on a loaded machine.
    const runAt = new Date(Date.now() + 5000).toISOString();
    const created = await call(schedulePath(featureId), {
      token: s.token,
      body: { enabled: true, feature_state_value: "new", run_at: runAt },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      feature: featureId,
      environment: s.environmentId,
      feature_state: expect.any(Number),
      enabled: true,
      feature_state_value: "new",
      changes_value: true,
      segment_overrides: [],
      run_at: runAt,
      status: "PENDING",
      created_by: expect.any(Number),
      author: { id: created.body.created_by, email: s.email },
      created_at: expect.any(String),
      applied_at: null,
    });
    const flagOf = async (base?: string) =>
      (await call("/api/v1/flags/", { envKey: s.envKey, baseUrl: base })).body.find(
        (f: { feature: { id: number } }) => f.feature.id === featureId,
      );
    expect(await flagOf()).toMatchObject({ enabled: false, feature_state_value: "old" });

    const deadline = Date.now() + 30_000;
    let list = await call(schedulePath(featureId), { token: s.token });
    while (list.body[0].status === "PENDING" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      list = await call(schedulePath(featureId), { token: s.token });
    }
    expect(list.body[0]).toMatchObject({ status: "APPLIED", applied_at: expect.any(String) });
    expect(new Date(list.body[0].applied_at).getTime()).toBeGreaterThanOrEqual(new Date(runAt).getTime());
    // Let the other instances poll a few more times: none may apply it again.
    await new Promise((r) => setTimeout(r, 500));
    for (const base of [undefined, a.url, b.url]) {
      expect(await flagOf(base)).toMatchObject({ enabled: true, feature_state_value: "new" });
    }
    const audit = await call(
      `/api/v1/audit/?search=${encodeURIComponent("Flag state / Remote Config value updated")}`,
      {
        token: s.token,
      },
    );
    const applied = audit.body.results.filter(
      (e: { related_object_id: number; author: { email: string } | null }) =>
        e.related_object_id === created.body.feature_state,
    );
    expect(applied).toHaveLength(1);
    expect(applied[0].author?.email).toBe(s.email);
    const versions = await call(`/api/v1/environments/${s.envKey}/features/${featureId}/versions/`, {
      token: s.token,
    });
    expect(versions.body.count).toBe(2);
    expect(versions.body.results[0].state.environment_default).toMatchObject({
      enabled: true,
      feature_state_value: "new",
    });
  });

  it("cancels a pending change, which then never applies", async () => {
    const featureId = await newFeature();
    // Far enough ahead that the cancel lands first even on a loaded machine.
    const runAt = Date.now() + 5000;
    const created = await call(schedulePath(featureId), {
      token: s.token,
      body: { enabled: true, run_at: new Date(runAt).toISOString() },
    });
    const one = `${schedulePath(featureId)}${created.body.id}/`;
    const cancelled = await call(one, { token: s.token, method: "DELETE" });
    expect(cancelled.status).toBe(204);
    const again = await call(one, { token: s.token, method: "DELETE" });
    expect([again.status, again.body]).toEqual([400, { detail: "Only a pending change can be cancelled." }]);
    // Past its time, and a few polls more: it must still not apply.
    await new Promise((r) => setTimeout(r, Math.max(0, runAt - Date.now()) + 1500));
    const list = await call(schedulePath(featureId), { token: s.token });
    expect(list.body.map((c: { status: string }) => c.status)).toEqual(["CANCELLED"]);
    const flags = await call("/api/v1/flags/", { envKey: s.envKey });
    expect(flags.body.find((f: { feature: { id: number } }) => f.feature.id === featureId).enabled).toBe(
      false,
    );
  });

  it("answers 400, 401 and 404", async () => {
    const featureId = await newFeature();
    const missingTime = await call(schedulePath(featureId), { token: s.token, body: { enabled: true } });
    expect(missingTime.status).toBe(400);
    expect(Object.keys(missingTime.body)).toEqual(["run_at"]);
    const nothing = await call(schedulePath(featureId), {
      token: s.token,
      body: { run_at: "2099-01-01T00:00:00Z" },
    });
    expect([nothing.status, nothing.body]).toEqual([
      400,
      { non_field_errors: ["Give enabled, feature_state_value, segment_overrides or several."] },
    ]);
    const badOverrides = await call(schedulePath(featureId), {
      token: s.token,
      body: { run_at: "2099-01-01T00:00:00Z", segment_overrides: [{ segment: 999999, enabled: true }] },
    });
    expect([badOverrides.status, badOverrides.body]).toEqual([
      400,
      { segment_overrides: ["Segment 999999 does not override this feature in this environment."] },
    ]);
    const emptyOverride = await call(schedulePath(featureId), {
      token: s.token,
      body: { run_at: "2099-01-01T00:00:00Z", segment_overrides: [{ segment: 1 }] },
    });
    expect(emptyOverride.status).toBe(400);
    const anonymous = await call(schedulePath(featureId));
    expect([anonymous.status, anonymous.body]).toEqual([
      401,
      { detail: "Authentication credentials were not provided." },
    ]);
    for (const [path, method] of [
      [schedulePath(999999), "GET"],
      [`${schedulePath(featureId)}999999/`, "DELETE"],
    ]) {
      const res = await call(path, { token: s.token, method });
      expect([path, res.status, res.body]).toEqual([path, 404, { detail: "Not found." }]);
    }
  });

  it("changes segment overrides with the default at run_at: audited, notified, one version", async () => {
    const featureId = await newFeature();
    const [beta, gamma] = await Promise.all(
      ["beta", "gamma"].map(async (plan) => {
        const segment = await call(`/api/v1/projects/${s.projectId}/segments/`, {
          token: s.token,
          body: {
            name: unique(plan),
            rules: [
              {
                type: "ALL",
                rules: [{ type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value: plan }] }],
              },
            ],
          },
        });
        expect(segment.status).toBe(201);
        return segment.body;
      }),
    );
    for (const segment of [beta, gamma]) {
      const override = await call(
        `/api/v1/environments/${s.envKey}/features/${featureId}/create-segment-override/`,
        {
          token: s.token,
          body: {
            enabled: false,
            feature_state_value: { type: "unicode", string_value: "seg-old" },
            feature_segment: { segment: segment.id },
          },
        },
      );
      expect(override.status, override.text).toBe(201);
    }
    const versionsBefore = (
      await call(`/api/v1/environments/${s.envKey}/features/${featureId}/versions/`, { token: s.token })
    ).body.count;
    // Far enough ahead that gamma's removal and the before-read land first on a loaded machine.
    const runAt = new Date(Date.now() + 5000).toISOString();
    const created = await call(schedulePath(featureId), {
      token: s.token,
      body: {
        run_at: runAt,
        feature_state_value: "default-new",
        segment_overrides: [
          { segment: beta.id, enabled: true, feature_state_value: 42 },
          { segment: gamma.id, enabled: true },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      enabled: null,
      feature_state_value: "default-new",
      changes_value: true,
      segment_overrides: [
        {
          segment: beta.id,
          segment_name: beta.name,
          enabled: true,
          feature_state_value: 42,
          changes_value: true,
        },
        {
          segment: gamma.id,
          segment_name: gamma.name,
          enabled: true,
          feature_state_value: null,
          changes_value: false,
        },
      ],
    });
    // gamma's override is removed before run_at: its part is skipped, the rest applies.
    const links = await call(
      `/api/v1/features/feature-segments/?feature=${featureId}&environment=${s.environmentId}`,
      { token: s.token },
    );
    const gammaLink = links.body.results.find((l: { segment: number }) => l.segment === gamma.id);
    expect(
      (await call(`/api/v1/features/feature-segments/${gammaLink.id}/`, { token: s.token, method: "DELETE" }))
        .status,
    ).toBe(204);

    const identityFlag = async () => {
      const res = await call("/api/v1/identities/", {
        envKey: s.envKey,
        body: { identifier: unique("beta-user"), traits: [{ trait_key: "plan", trait_value: "beta" }] },
      });
      return res.body.flags.find((f: { feature: { id: number } }) => f.feature.id === featureId);
    };
    expect(await identityFlag()).toMatchObject({ enabled: false, feature_state_value: "seg-old" });
    let list = await call(schedulePath(featureId), { token: s.token });
    while (list.body[0].status === "PENDING") {
      await new Promise((r) => setTimeout(r, 200));
      list = await call(schedulePath(featureId), { token: s.token });
    }
    expect(list.body[0].status).toBe("APPLIED");
    // Any of this file's instances may have applied it: the server answering SDK calls learns
    // of another instance's write from its revision poll, a moment later.
    let flag = await identityFlag();
    while (flag.feature_state_value === "seg-old") {
      await new Promise((r) => setTimeout(r, 100));
      flag = await identityFlag();
    }
    expect(flag).toMatchObject({ enabled: true, feature_state_value: 42 });
    const flags = await call("/api/v1/flags/", { envKey: s.envKey });
    expect(flags.body.find((f: { feature: { id: number } }) => f.feature.id === featureId)).toMatchObject({
      enabled: false,
      feature_state_value: "default-new",
    });
    // One version for the whole change (after the one of gamma's removal).
    const versions = (
      await call(`/api/v1/environments/${s.envKey}/features/${featureId}/versions/`, { token: s.token })
    ).body;
    expect(versions.count).toBe(versionsBefore + 2);
    expect(versions.results[0]).toMatchObject({
      author: { email: s.email },
      state: {
        environment_default: { enabled: false, feature_state_value: "default-new" },
        segment_overrides: [{ segment: beta.id, enabled: true, feature_state_value: 42, value_type: "int" }],
      },
    });
  });
});
