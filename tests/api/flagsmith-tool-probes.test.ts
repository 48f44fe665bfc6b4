// Issue 27's smaller pieces, each as the Flagsmith tool that needs it calls it:
// - GET /version/ (flagsmith-common's version_info; flagsmith-cli 2d55665e internal/api/version.go
//   reads `image_tag` from it, unauthenticated, at the instance's root);
// - OFREP with `X-API-Key`, beside X-Environment-Key and Bearer;
// - the feature versions paths by the environment's integer id (Flagsmith's `environment_pk`);
// - Flagsmith's audit lines, word for word, for every kind of entry Ensign writes that
//   Flagsmith writes too (api/audit/constants.py and the models' *_log_message methods).
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { createFeature } from "../support/fixtures";

const version = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as {
    version: string;
  }
).version;

let s: Seeded;

beforeAll(async () => {
  s = await seed();
});

describe("GET /version/", () => {
  it("answers Flagsmith's version document, without credentials", async () => {
    const res = await call("/version/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      ci_commit_sha: expect.any(String),
      image_tag: version,
      package_versions: { ".": version },
      has_email_provider: expect.any(Boolean),
      is_enterprise: false,
      is_saas: false,
      self_hosted_data: { has_users: true, has_logins: expect.any(Boolean) },
    });
    // flagsmith-cli: a non-empty image_tag is the version.
    expect(res.body.image_tag.length).toBeGreaterThan(0);
  });

  it("ignores credentials, even wrong ones, and answers only GET", async () => {
    const res = await call("/version/", { token: "x".repeat(40) });
    expect(res.status).toBe(200);
    expect((await call("/version/", { method: "POST", body: {} })).status).toBe(405);
  });
});

describe("OFREP with X-API-Key", () => {
  const flag = "/ofrep/v1/evaluate/flags/";
  beforeAll(async () => {
    await createFeature(s, { name: "ofrep_key_flag", default_enabled: true, initial_value: "on" });
  });

  it("evaluates with the environment key in X-API-Key, as with X-Environment-Key", async () => {
    const withHeader = (headers: Record<string, string>) =>
      call(`${flag}ofrep_key_flag`, { headers, body: { context: {} } });
    const byApiKey = await withHeader({ "X-API-Key": s.envKey });
    const byEnvKey = await withHeader({ "X-Environment-Key": s.envKey });
    expect(byApiKey.status).toBe(200);
    expect(byApiKey.body).toEqual(byEnvKey.body);
    expect(byApiKey.body).toMatchObject({ key: "ofrep_key_flag", value: "on" });
    const bulk = await call("/ofrep/v1/evaluate/flags", { headers: { "X-API-Key": s.envKey }, body: {} });
    expect(bulk.status).toBe(200);
    expect(bulk.body.flags.map((f: { key: string }) => f.key)).toContain("ofrep_key_flag");
  });

  it("401 for an unknown X-API-Key and for none", async () => {
    const wrong = await call(`${flag}ofrep_key_flag`, { headers: { "X-API-Key": "nope" }, body: {} });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ errorDetails: expect.any(String) });
    expect((await call(`${flag}ofrep_key_flag`, { body: {} })).status).toBe(401);
  });

  it("lets browsers send X-API-Key (CORS preflight)", async () => {
    const res = await call(`${flag}ofrep_key_flag`, {
      method: "OPTIONS",
      headers: { Origin: "https://app.example.com", "Access-Control-Request-Headers": "x-api-key" },
    });
    expect(res.headers.get("access-control-allow-headers") ?? "").toMatch(/X-API-Key/i);
  });
});

describe("feature versions by the environment's integer id", () => {
  it("answers the list, one version, compare and restore for the id as for the key", async () => {
    const f = await createFeature(s, { initial_value: "a" });
    const states = await call(`/api/v1/environments/${s.envKey}/featurestates/?feature=${f.id}`, {
      token: s.token,
    });
    await call(`/api/v1/environments/${s.envKey}/featurestates/${states.body.results[0].id}/`, {
      token: s.token,
      method: "PATCH",
      body: { enabled: true },
    });
    const byKey = `/api/v1/environments/${s.envKey}/features/${f.id}/versions/`;
    const byId = `/api/v1/environments/${s.environmentId}/features/${f.id}/versions/`;
    const list = await call(byKey, { token: s.token });
    expect(list.body.count).toBe(2);
    expect(await call(byId, { token: s.token })).toMatchObject({ status: 200, body: list.body });
    const [latest, first] = list.body.results;
    const one = await call(`${byKey}${latest.uuid}/`, { token: s.token });
    expect(await call(`${byId}${latest.uuid}/`, { token: s.token })).toMatchObject({
      status: 200,
      body: one.body,
    });
    const compare = await call(`${byKey}${latest.uuid}/compare/?compare_with=${first.uuid}`, {
      token: s.token,
    });
    expect(
      await call(`${byId}${latest.uuid}/compare/?compare_with=${first.uuid}`, { token: s.token }),
    ).toMatchObject({ status: 200, body: compare.body });
    const restored = await call(`${byId}${first.uuid}/restore/`, {
      token: s.token,
      method: "POST",
      body: {},
    });
    expect(restored.status).toBeLessThan(300);
    expect((await call(byKey, { token: s.token })).body.count).toBe(3);
  });

  it("404 for another organisation's environment id and an unknown one; 400 for a bad query; 401", async () => {
    const other = await seed();
    const f = await createFeature(s);
    for (const env of [other.environmentId, 999999999]) {
      const res = await call(`/api/v1/environments/${env}/features/${f.id}/versions/`, { token: s.token });
      expect({ env, status: res.status, body: res.body }).toEqual({
        env,
        status: 404,
        body: { detail: "Not found." },
      });
    }
    const bad = await call(`/api/v1/environments/${s.environmentId}/features/${f.id}/versions/?page=x`, {
      token: s.token,
    });
    expect(bad.status).toBe(404);
    const noCompare = await call(
      `/api/v1/environments/${s.environmentId}/features/${f.id}/versions/${crypto.randomUUID()}/compare/`,
      { token: s.token },
    );
    expect(noCompare.status).toBe(400);
    expect((await call(`/api/v1/environments/${s.environmentId}/features/${f.id}/versions/`)).status).toBe(
      401,
    );
  });
});

describe("audit lines word for word as Flagsmith's", () => {
  it("writes Flagsmith's line for each kind of change", async () => {
    const t = await seed();
    const logs = async () =>
      (
        (await call(`/api/v1/projects/${t.projectId}/audit/?page_size=100`, { token: t.token })).body
          .results as {
          log: string;
        }[]
      ).map((e) => e.log);
    const feature = await createFeature(t, { name: "audited", initial_value: "a" });
    const segment = await call(`/api/v1/projects/${t.projectId}/segments/`, {
      token: t.token,
      body: {
        name: "beta_users",
        rules: [
          {
            type: "ALL",
            rules: [{ type: "ANY", conditions: [{ property: "p", operator: "EQUAL", value: "v" }] }],
          },
        ],
      },
    });
    const states = await call(`/api/v1/environments/${t.envKey}/featurestates/?feature=${feature.id}`, {
      token: t.token,
    });
    // An environment default changed.
    await call(`/api/v1/environments/${t.envKey}/featurestates/${states.body.results[0].id}/`, {
      token: t.token,
      method: "PATCH",
      body: { enabled: true, feature_state_value: "b" },
    });
    // A segment override created, changed, deleted.
    const override = await call(
      `/api/v1/environments/${t.envKey}/features/${feature.id}/create-segment-override/`,
      {
        token: t.token,
        body: {
          enabled: true,
          feature_state_value: { type: "unicode", string_value: "x" },
          feature_segment: { segment: segment.body.id },
        },
      },
    );
    expect(override.status).toBe(201);
    await call(`/api/v1/features/featurestates/${override.body.id}/`, {
      token: t.token,
      method: "PATCH",
      body: { enabled: false },
    });
    // An identity override created, changed, deleted.
    await call("/api/v1/identities/", { envKey: t.envKey, body: { identifier: "alice", traits: [] } });
    const identity = (await call(`/api/v1/environments/${t.envKey}/identities/`, { token: t.token })).body
      .results[0];
    const base = `/api/v1/environments/${t.envKey}/identities/${identity.id}/featurestates/`;
    const identityState = await call(base, { token: t.token, body: { feature: feature.id, enabled: true } });
    await call(`${base}${identityState.body.id}/`, {
      token: t.token,
      method: "PATCH",
      body: { enabled: false },
    });
    await call(`${base}${identityState.body.id}/`, { token: t.token, method: "DELETE" });
    await call(`/api/v1/features/featurestates/${override.body.id}/`, { token: t.token, method: "DELETE" });
    // A multivariate option added and removed.
    const option = await call(`/api/v1/projects/${t.projectId}/features/${feature.id}/mv-options/`, {
      token: t.token,
      body: { type: "unicode", string_value: "blue", default_percentage_allocation: 0 },
    });
    await call(`/api/v1/projects/${t.projectId}/features/${feature.id}/mv-options/${option.body.id}/`, {
      token: t.token,
      method: "DELETE",
    });
    // The feature and the segment updated and deleted.
    await call(`/api/v1/projects/${t.projectId}/features/${feature.id}/`, {
      token: t.token,
      method: "PATCH",
      body: { description: "now described" },
    });
    await call(`/api/v1/projects/${t.projectId}/segments/${segment.body.id}/`, {
      token: t.token,
      method: "PATCH",
      body: { description: "segment described" },
    });
    await call(`/api/v1/projects/${t.projectId}/segments/${segment.body.id}/`, {
      token: t.token,
      method: "DELETE",
    });
    await call(`/api/v1/environments/${t.envKey}/`, {
      token: t.token,
      method: "PATCH",
      body: { description: "d" },
    });
    await call(`/api/v1/projects/${t.projectId}/features/${feature.id}/`, {
      token: t.token,
      method: "DELETE",
    });

    const written = await logs();
    const expected = [
      "New Environment created: Development",
      "New Flag / Remote Config created: audited",
      "New Segment created: beta_users",
      "Flag state / Remote Config value updated for feature: audited",
      "Flag state / Remote config value updated for feature 'audited' and segment 'beta_users'",
      "Identity override created for feature 'audited' and identity 'alice'",
      "Flag state / Remote config value updated for feature 'audited' and identity 'alice'",
      "Flag state / Remote config value deleted for feature 'audited' and identity 'alice'",
      "Flag state / Remote config value deleted for feature 'audited' and segment 'beta_users'",
      "Multivariate option added to feature 'audited'.",
      "Multivariate option removed from feature 'audited'.",
      "Flag / Remote Config updated: audited",
      "Segment updated: beta_users",
      "Segment deleted: beta_users",
      "Environment updated: Development",
      "Flag / Remote Config Deleted: audited",
    ];
    for (const line of expected) expect(written, line).toContain(line);
    // The creation of the segment override and its later change carry the same line.
    expect(
      written.filter(
        (l) =>
          l === "Flag state / Remote config value updated for feature 'audited' and segment 'beta_users'",
      ),
    ).toHaveLength(2);
    // None of Ensign's former wordings is left.
    expect(written.filter((l) => /^(Flag state updated for|Segment override created for)/.test(l))).toEqual(
      [],
    );
  });

  it("writes Flagsmith's line when a change is scheduled", async () => {
    const t = await seed();
    const feature = await createFeature(t, { name: unique("later") });
    const res = await call(`/api/v1/environments/${t.envKey}/features/${feature.id}/scheduled-changes/`, {
      token: t.token,
      body: { run_at: "2099-03-04T05:06:07Z", enabled: true },
    });
    expect(res.status).toBe(201);
    const audit = await call(`/api/v1/projects/${t.projectId}/audit/`, { token: t.token });
    expect(audit.body.results[0].log).toBe(
      `Flag state / Remote Config value update scheduled for 04/03/2099 05:06:07 for feature: ${feature.name}`,
    );
  });
});
