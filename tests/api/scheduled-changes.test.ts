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
    const runAt = new Date(Date.now() + 1500).toISOString();
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
      run_at: runAt,
      status: "PENDING",
      created_by: expect.any(Number),
      created_at: expect.any(String),
      applied_at: null,
    });
    const flagOf = async (base?: string) =>
      (await call("/api/v1/flags/", { envKey: s.envKey, baseUrl: base })).body.find(
        (f: { feature: { id: number } }) => f.feature.id === featureId,
      );
    expect(await flagOf()).toMatchObject({ enabled: false, feature_state_value: "old" });

    const deadline = Date.now() + 10_000;
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
    const audit = await call(`/api/v1/audit/?search=${encodeURIComponent("Flag state updated")}`, {
      token: s.token,
    });
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
    const created = await call(schedulePath(featureId), {
      token: s.token,
      body: { enabled: true, run_at: new Date(Date.now() + 800).toISOString() },
    });
    const one = `${schedulePath(featureId)}${created.body.id}/`;
    const cancelled = await call(one, { token: s.token, method: "DELETE" });
    expect(cancelled.status).toBe(204);
    const again = await call(one, { token: s.token, method: "DELETE" });
    expect([again.status, again.body]).toEqual([400, { detail: "Only a pending change can be cancelled." }]);
    await new Promise((r) => setTimeout(r, 1500));
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
      { non_field_errors: ["Give enabled, feature_state_value or both."] },
    ]);
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
});
