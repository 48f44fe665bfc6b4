// Issue #14, quotas, regexes and analytics: on a server of its own whose limits are lowered
// by environment variables, every quota answers a clear 400 without writing anything, a
// catastrophic REGEX never freezes the server, and huge analytics counts never break a page.
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, unique, type CallOptions } from "../support/api";
import { createTestDatabase, usesPostgres, type TestDatabase } from "../support/database";
import { startEnsign, type RunningEnsign } from "../support/server";

const LIMITS = {
  ENSIGN_MAX_FEATURES_PER_PROJECT: "3",
  ENSIGN_MAX_SEGMENTS_PER_PROJECT: "2",
  ENSIGN_MAX_SEGMENT_OVERRIDES_PER_ENVIRONMENT: "1",
  ENSIGN_MAX_ENVIRONMENTS_PER_PROJECT: "2",
  ENSIGN_MAX_OPTIONS_PER_FEATURE: "2",
  ENSIGN_MAX_IDENTITIES_PER_ENVIRONMENT: "2",
  ENSIGN_MAX_TRAITS_PER_IDENTITY: "3",
  ENSIGN_MAX_ENVIRONMENT_VALUE_CHARS: "50000",
  ENSIGN_MAX_ANALYTICS_COUNT: "1000",
};
const budgetMessage = (chars: number) =>
  `What one environment serves to SDKs (feature names, descriptions and values, variations, segments, identity overrides) may total at most 50000 characters; this change would make ${chars}.`;

let database: TestDatabase;
let server: RunningEnsign;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startEnsign({ databaseUrl: database.url, env: LIMITS });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const api = <T = any>(path: string, options: CallOptions = {}) =>
  call<T>(path, { baseUrl: server.url, ...options });

type Tenant = { token: string; projectId: number; envKey: string };

async function tenant(): Promise<Tenant> {
  const email = `${unique("user")}@example.com`;
  const user = await api("/api/v1/auth/users/", { body: { email, password: "correct-horse-9" } });
  const token = user.body.key;
  const org = await api("/api/v1/organisations/", { token, body: { name: unique("org") } });
  const project = await api("/api/v1/projects/", {
    token,
    body: { name: unique("p"), organisation: org.body.id },
  });
  const env = await api("/api/v1/environments/", { token, body: { name: "Dev", project: project.body.id } });
  expect(env.status).toBe(201);
  return { token, projectId: project.body.id, envKey: env.body.api_key };
}

const features = (t: Tenant) => `/api/v1/projects/${t.projectId}/features/`;
const segments = (t: Tenant) => `/api/v1/projects/${t.projectId}/segments/`;
const segmentBody = (name: string, value: string) => ({
  name,
  rules: [
    { type: "ALL", rules: [{ type: "ANY", conditions: [{ property: "p", operator: "REGEX", value }] }] },
  ],
});

async function count(t: Tenant, path: string): Promise<number> {
  const res = await api(path, { token: t.token });
  return res.body.count ?? res.body.results.length;
}

describe("project quotas", () => {
  it("refuses the feature past the limit with Flagsmith's message, writing nothing", async () => {
    const t = await tenant();
    for (const name of ["f1", "f2", "f3"]) {
      expect((await api(features(t), { token: t.token, body: { name } })).status).toBe(201);
    }
    const refused = await api(features(t), { token: t.token, body: { name: "f4" } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      project: ["The Project has reached the maximum allowed features limit."],
    });
    expect(await count(t, features(t))).toBe(3);
  });

  it("refuses segments, environments and variations past their limits", async () => {
    const t = await tenant();
    for (const name of ["s1", "s2"]) {
      expect((await api(segments(t), { token: t.token, body: segmentBody(name, "a") })).status).toBe(201);
    }
    const segment = await api(segments(t), { token: t.token, body: segmentBody("s3", "a") });
    expect(segment.status).toBe(400);
    expect(segment.body).toEqual({
      project: ["The project has reached the maximum allowed segments limit."],
    });

    const second = await api("/api/v1/environments/", {
      token: t.token,
      body: { name: "Prod", project: t.projectId },
    });
    expect(second.status).toBe(201);
    const third = await api("/api/v1/environments/", {
      token: t.token,
      body: { name: "QA", project: t.projectId },
    });
    expect(third.status).toBe(400);
    expect(third.body).toEqual({
      project: ["The project has reached the maximum allowed environments limit."],
    });
    expect(await count(t, `/api/v1/environments/?project=${t.projectId}`)).toBe(2);

    const feature = await api(features(t), { token: t.token, body: { name: "mv" } });
    const options = `${features(t)}${feature.body.id}/mv-options/`;
    for (const value of ["a", "b"]) {
      const res = await api(options, {
        token: t.token,
        body: { type: "unicode", string_value: value, default_percentage_allocation: 10 },
      });
      expect(res.status).toBe(201);
    }
    const option = await api(options, {
      token: t.token,
      body: { type: "unicode", string_value: "c", default_percentage_allocation: 10 },
    });
    expect(option.status).toBe(400);
    expect(option.body).toEqual({
      feature: ["The feature has reached the maximum allowed multivariate options limit."],
    });
  });

  it("refuses a segment override past the environment's limit with Flagsmith's message", async () => {
    const t = await tenant();
    const feature = await api(features(t), { token: t.token, body: { name: "overridden" } });
    const override = (segment: number) =>
      api(`/api/v1/environments/${t.envKey}/features/${feature.body.id}/create-segment-override/`, {
        token: t.token,
        body: {
          feature_segment: { segment },
          enabled: true,
          feature_state_value: { type: "unicode", string_value: "on" },
        },
      });
    const ids = [];
    for (const name of ["o1", "o2"])
      ids.push((await api(segments(t), { token: t.token, body: segmentBody(name, "a") })).body.id);
    expect((await override(ids[0])).status).toBe(201);
    const refused = await override(ids[1]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      environment: ["The environment has reached the maximum allowed segments overrides limit."],
    });
  });

  it("gives one of two concurrent creates the last place, never both", async () => {
    const t = await tenant();
    await api(features(t), { token: t.token, body: { name: "first" } });
    const results = await Promise.all(
      ["x", "y", "z"].map((name) => api(features(t), { token: t.token, body: { name } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 400]);
    expect(await count(t, features(t))).toBe(3);
  });
});

describe("identity quotas", () => {
  it("refuses identities and traits past their limits in the admin API", async () => {
    const t = await tenant();
    const identities = `/api/v1/environments/${t.envKey}/identities/`;
    const first = await api(identities, { token: t.token, body: { identifier: "one" } });
    expect((await api(identities, { token: t.token, body: { identifier: "two" } })).status).toBe(201);
    const third = await api(identities, { token: t.token, body: { identifier: "three" } });
    expect(third.status).toBe(400);
    expect(third.body).toEqual({
      environment: ["The environment has reached the maximum allowed identities limit."],
    });

    const traits = `${identities}${first.body.id}/traits/`;
    for (const key of ["a", "b", "c"]) {
      expect((await api(traits, { token: t.token, body: { trait_key: key, trait_value: 1 } })).status).toBe(
        201,
      );
    }
    const fourth = await api(traits, { token: t.token, body: { trait_key: "d", trait_value: 1 } });
    expect(fourth.status).toBe(400);
    expect(fourth.body).toEqual({ identity: ["The identity has reached the maximum allowed traits limit."] });
  });

  it("refuses an SDK call that sends more traits than an identity may hold", async () => {
    const t = await tenant();
    const traits = ["a", "b", "c", "d"].map((trait_key) => ({ trait_key, trait_value: 1 }));
    const many = await api("/api/v1/identities/", { envKey: t.envKey, body: { identifier: "sdk", traits } });
    expect(many.status).toBe(400);
    expect(many.body).toEqual({ traits: ["Ensure this field has no more than 3 elements."] });
    const bulk = await api("/api/v1/traits/bulk/", {
      method: "PUT",
      envKey: t.envKey,
      body: traits.map((trait) => ({ identity: { identifier: "sdk" }, ...trait })),
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body).toEqual({ non_field_errors: ["Ensure this field has no more than 3 elements."] });
    const fine = await api("/api/v1/identities/", {
      envKey: t.envKey,
      body: { identifier: "sdk", traits: traits.slice(0, 3) },
    });
    expect(fine.status).toBe(200);
    expect(fine.body.traits).toHaveLength(3);
  });
});

describe("the memory an environment's values take", () => {
  // The crash of issue #14 (300 features of 20,000 characters, then environments), scaled down:
  // the budget is 50,000 characters here (2,000,000 by default).
  it("refuses the write that would take an environment over its budget, and keeps serving", async () => {
    const t = await tenant();
    // Each feature counts its name, its initial value and the value of its state.
    const big = "v".repeat(10_000);
    const ids: number[] = [];
    for (const name of ["big1", "big2"]) {
      const res = await api(features(t), { token: t.token, body: { name, initial_value: big } });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const third = await api(features(t), { token: t.token, body: { name: "big3", initial_value: big } });
    expect(third.status).toBe(400);
    expect(third.body).toEqual({ environment: [budgetMessage(60_012)] });
    expect(await count(t, features(t))).toBe(2);

    const prod = await api("/api/v1/environments/", {
      token: t.token,
      body: { name: "Prod", project: t.projectId },
    });
    expect(prod.status).toBe(201);
    const identities = `/api/v1/environments/${t.envKey}/identities/`;
    const identity = await api(identities, { token: t.token, body: { identifier: "heavy" } });
    const override = await api(`${identities}${identity.body.id}/featurestates/`, {
      token: t.token,
      body: { feature: ids[0], enabled: true, feature_state_value: "v".repeat(10_001) },
    });
    expect(override.status).toBe(400);
    // …and an identity override its identifier too.
    expect(override.body).toEqual({ environment: [budgetMessage(50_014)] });

    for (const envKey of [t.envKey, prod.body.api_key]) {
      const flags = await api("/api/v1/flags/", { envKey });
      expect(flags.status).toBe(200);
      expect(flags.body.map((f: { feature_state_value: string }) => f.feature_state_value)).toEqual([
        big,
        big,
      ]);
    }
    expect((await api("/health/readiness/")).status).toBe(200);
  });
});

describe("REGEX conditions", () => {
  it("refuses backreferences and lookarounds at save time with a message on the value", async () => {
    const t = await tenant();
    const res = await api(segments(t), { token: t.token, body: segmentBody("backref", "(a)\\1") });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      rules: [
        {
          rules: [
            {
              conditions: [
                {
                  value: [
                    "Backreferences, lookarounds, atomic groups and conditionals are not supported: they cannot be evaluated in linear time.",
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
  });

  it("evaluates (a+)+$ against a long trait without freezing the server", async () => {
    const t = await tenant();
    const feature = await api(features(t), { token: t.token, body: { name: "regexed" } });
    const segment = await api(segments(t), { token: t.token, body: segmentBody("evil", "(a+)+$") });
    expect(segment.status).toBe(201);
    const override = await api(
      `/api/v1/environments/${t.envKey}/features/${feature.body.id}/create-segment-override/`,
      {
        token: t.token,
        body: {
          feature_segment: { segment: segment.body.id },
          enabled: true,
          feature_state_value: { type: "unicode", string_value: "on" },
        },
      },
    );
    expect(override.status).toBe(201);
    const identify = (p: string) =>
      api("/api/v1/identities/", {
        envKey: t.envKey,
        body: { identifier: unique("id"), traits: [{ trait_key: "p", trait_value: p }] },
      });
    // 31 characters froze Python's (and a backtracking) engine for seconds; this is 1999.
    const [miss, hit] = await Promise.all([identify(`${"a".repeat(1998)}!`), identify("a".repeat(1999))]);
    const enabled = (res: typeof miss) =>
      res.body.flags.find((f: { feature: { name: string } }) => f.feature.name === "regexed").enabled;
    expect([miss.status, hit.status]).toEqual([200, 200]);
    expect(enabled(miss)).toBe(false);
    expect(enabled(hit)).toBe(true);
  });
});

async function insertEvaluation(environmentId: number, featureName: string, count: bigint) {
  const day = new Date().toISOString().slice(0, 10);
  if (usesPostgres()) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `INSERT INTO "FeatureEvaluation" ("environmentId", "featureName", "day", "count") VALUES ($1, $2, $3, $4)`,
      [environmentId, featureName, day, count.toString()],
    );
    await client.end();
    return;
  }
  const sqlite = new Database(database.url.replace(/^file:/, ""));
  sqlite.defaultSafeIntegers(true);
  sqlite
    .prepare(
      `INSERT INTO "FeatureEvaluation" ("environmentId", "featureName", "day", "count") VALUES (?, ?, ?, ?)`,
    )
    .run(environmentId, featureName, day, count);
  sqlite.close();
}

describe("analytics counts", () => {
  it("refuses a count over the bound and saturates the day's total instead of overflowing", async () => {
    const t = await tenant();
    await api(features(t), { token: t.token, body: { name: "counted" } });
    const huge = await api("/api/v1/analytics/flags/", {
      envKey: t.envKey,
      body: { counted: 9007199254740991 },
    });
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({ counted: ["Ensure this value is less than or equal to 1000."] });
    const ok = await api("/api/v1/analytics/flags/", { envKey: t.envKey, body: { counted: 1000 } });
    expect(ok.status).toBe(200);
    const report = await api(`/api/v1/environments/${t.envKey}/analytics/flags/?days=1`, { token: t.token });
    expect(report.body).toEqual({ counted: [{ day: expect.any(String), count: 1000 }] });
  });

  it("answers the report even when old rows hold counts no integer column reads back", async () => {
    const t = await tenant();
    const env = await api(`/api/v1/environments/${t.envKey}/`, { token: t.token });
    const stored = usesPostgres() ? 2_147_483_647n : 9_007_199_254_740_991n;
    await insertEvaluation(env.body.id, "legacy", stored);
    await api(features(t), { token: t.token, body: { name: "legacy" } });
    const add = await api("/api/v1/analytics/flags/", { envKey: t.envKey, body: { legacy: 5 } });
    expect(add.status).toBe(200);
    const report = await api(`/api/v1/environments/${t.envKey}/analytics/flags/?days=1`, { token: t.token });
    expect(report.status).toBe(200);
    expect(report.body).toEqual({ legacy: [{ day: expect.any(String), count: 2_147_483_647 }] });
  });
});
