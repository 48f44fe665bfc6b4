// Code references (POST /projects/{id}/code-references/, GET .../features/{id}/code-references/),
// code_references_counts and lifecycle_stage in the features list, the lifecycle counts of an
// environment, a feature's evaluation data, and the v2 SDK analytics endpoint.
import { describe, expect, inject, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { createFeature } from "../support/fixtures";
import { addMember } from "../support/members";
import { rawQuery } from "../support/raw-query";

const scanPath = (s: Seeded) => `/api/v1/projects/${s.projectId}/code-references/`;
const refsPath = (s: Seeded, featureId: number) =>
  `/api/v1/projects/${s.projectId}/features/${featureId}/code-references/`;
const evalPath = (s: Seeded, featureId: number, query: string) =>
  `/api/v1/projects/${s.projectId}/features/${featureId}/evaluation-data/${query}`;
const countsPath = (environment: number | string) =>
  `/api/v1/environments/${environment}/feature-lifecycle-counts/`;
const DENIED = { detail: "You do not have permission to perform this action." };
const NO_CREDENTIALS = { detail: "Authentication credentials were not provided." };
const NOT_FOUND = { detail: "Not found." };
const REPO = "https://github.com/acme/app";

const ref = (feature_name: string, file_path = "src/a.ts", line_number = 1) => ({
  feature_name,
  file_path,
  line_number,
});

async function scan(s: Seeded, refs: ReturnType<typeof ref>[], repository_url = REPO, revision = "r1") {
  const res = await call(scanPath(s), {
    token: s.token,
    body: { repository_url, revision, vcs_provider: "github", code_references: refs },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { created_at: string };
}

async function listed(s: Seeded, query = "") {
  const res = await call(`/api/v1/projects/${s.projectId}/features/${query}`, { token: s.token });
  expect(res.status, res.text).toBe(200);
  return new Map((res.body.results as any[]).map((f) => [f.name as string, f]));
}

const stored = (iso: string) => new Date(iso).toISOString().replace("Z", "+00:00");

/** Makes a feature stale: its definition and every version dated long ago. */
async function age(featureId: number) {
  const url = inject("databaseUrl");
  const old = stored("2020-01-01T00:00:00Z");
  await rawQuery(url, `UPDATE "Feature" SET "updatedAt" = '${old}' WHERE "id" = ${featureId}`);
  await rawQuery(url, `UPDATE "FeatureVersion" SET "createdAt" = '${old}' WHERE "featureId" = ${featureId}`);
}

describe("POST /projects/{id}/code-references/", () => {
  it("replaces a repository's references per feature found, keeping when a feature was last found", async () => {
    const s = await seed();
    const a = await createFeature(s, { name: unique("a") });
    const b = await createFeature(s, { name: unique("b") });
    const first = await scan(s, [ref(a.name, "x.ts", 1), ref(b.name, "y.ts", 2), ref("not_a_feature")]);
    const other = await scan(s, [ref(b.name, "lib/b.py", 9)], "https://github.com/acme/other", "o1");
    const second = await scan(s, [ref(a.name, "x.ts", 5)], REPO, "r2");

    const refsA = await call(refsPath(s, a.id), { token: s.token });
    expect(refsA.body).toEqual([
      expect.objectContaining({
        repository_url: REPO,
        revision: "r2",
        code_references: [
          { feature_name: a.name, file_path: "x.ts", line_number: 5, permalink: `${REPO}/blob/r2/x.ts#L5` },
        ],
      }),
    ]);
    // b is gone from REPO's latest scan, still in the other repository's.
    const refsB = await call(refsPath(s, b.id), { token: s.token });
    expect(refsB.body.map((r: any) => r.repository_url)).toEqual(["https://github.com/acme/other"]);
    const counts = (await listed(s)).get(b.name).code_references_counts;
    expect(counts).toEqual([
      {
        repository_url: REPO,
        count: 0,
        last_successful_repository_scanned_at: second.created_at,
        last_feature_found_at: first.created_at,
      },
      {
        repository_url: "https://github.com/acme/other",
        count: 1,
        last_successful_repository_scanned_at: other.created_at,
        last_feature_found_at: other.created_at,
      },
    ]);
  });

  it("leaves one audit entry per scan", async () => {
    const s = await seed();
    const a = await createFeature(s, { name: unique("a") });
    await scan(s, [ref(a.name)]);
    const [entry] = (await call("/api/v1/audit/?page_size=1", { token: s.token })).body.results;
    expect(entry).toMatchObject({
      related_object_type: "VCS_REPOSITORY",
      log: `Code references scanned for repository: ${REPO} (1 references to 1 features)`,
      project: expect.objectContaining({ id: s.projectId }),
    });
  });

  it("answers 400 with errors by field", async () => {
    const s = await seed();
    const missing = await call(scanPath(s), { token: s.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      repository_url: ["This field is required."],
      revision: ["This field is required."],
      code_references: ["This field is required."],
    });
    const bad = await call(scanPath(s), {
      token: s.token,
      body: {
        repository_url: "not a url",
        vcs_provider: "gitlab",
        revision: "r",
        code_references: [{ feature_name: "f", file_path: "a", line_number: 0 }],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      repository_url: ["Enter a valid URL."],
      vcs_provider: ['"gitlab" is not a valid choice.'],
      code_references: [{ line_number: ["Ensure this value is greater than or equal to 1."] }],
    });
  });

  it("refuses more than 10,000 references in one scan", async () => {
    const s = await seed();
    const body = (n: number) => ({
      repository_url: REPO,
      revision: "r",
      code_references: Array.from({ length: n }, (_, i) => ({
        feature_name: "f",
        file_path: "a",
        line_number: i + 1,
      })),
    });
    const over = await call(scanPath(s), { token: s.token, body: body(10_001) });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ code_references: ["Ensure this field has no more than 10000 elements."] });
    expect((await call(scanPath(s), { token: s.token, body: body(10_000) })).status).toBe(201);
  });

  it("answers 401 without credentials, 403 without VIEW_PROJECT, 404 for another tenant's project", async () => {
    const s = await seed();
    const body = { repository_url: REPO, revision: "r", code_references: [] };
    const anonymous = await call(scanPath(s), { body });
    expect([anonymous.status, anonymous.body]).toEqual([401, NO_CREDENTIALS]);
    const member = await addMember(s.organisationId);
    const refused = await call(scanPath(s), { token: member.token, body });
    expect([refused.status, refused.body]).toEqual([403, DENIED]);
    const stranger = await seed();
    const foreign = await call(scanPath(s), { token: stranger.token, body });
    expect([foreign.status, foreign.body]).toEqual([404, NOT_FOUND]);
    const unknown = await call("/api/v1/projects/999999999/code-references/", { token: s.token, body });
    expect([unknown.status, unknown.body]).toEqual([404, NOT_FOUND]);
  });
});

describe("GET /projects/{id}/features/{id}/code-references/", () => {
  it("is empty for a feature no scan found, and guards like the feature", async () => {
    const s = await seed();
    const f = await createFeature(s, { name: unique("f") });
    const res = await call(refsPath(s, f.id), { token: s.token });
    expect([res.status, res.body]).toEqual([200, []]);
    expect((await call(refsPath(s, f.id))).status).toBe(401);
    const member = await addMember(s.organisationId);
    expect((await call(refsPath(s, f.id), { token: member.token })).body).toEqual(DENIED);
    const stranger = await seed();
    const other = await createFeature(stranger, { name: unique("f") });
    const foreign = await call(refsPath(s, other.id), { token: s.token });
    expect([foreign.status, foreign.body]).toEqual([404, NOT_FOUND]);
  });
});

describe("evaluation data and the v2 analytics endpoint", () => {
  it("reads today's counts from v1 and v2 reports", async () => {
    const s = await seed();
    const f = await createFeature(s, { name: unique("f") });
    const v1 = await call("/api/v1/analytics/flags/", { envKey: s.envKey, body: { [f.name]: 3 } });
    expect(v1.status).toBe(200);
    const v2 = await call("/api/v2/analytics/flags/", {
      envKey: s.envKey,
      body: {
        evaluations: [
          { feature_name: f.name, enabled_when_evaluated: true, count: 4 },
          { feature_name: f.name, identity_identifier: "alice", enabled_when_evaluated: false, count: 1 },
          { feature_name: "unknown", enabled_when_evaluated: true, count: 7 },
        ],
      },
    });
    expect([v2.status, v2.text]).toEqual([204, ""]);
    const res = await call(evalPath(s, f.id, `?environment_id=${s.environmentId}&period=7`), {
      token: s.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ day: new Date().toISOString().slice(0, 10), count: 8, labels: {} }]);
  });

  it("answers 400, 401, 403 and 404", async () => {
    const s = await seed();
    const f = await createFeature(s, { name: unique("f") });
    const missing = await call(evalPath(s, f.id, ""), { token: s.token });
    expect([missing.status, missing.body]).toEqual([400, { environment_id: ["This field is required."] }]);
    const period = await call(evalPath(s, f.id, `?environment_id=${s.environmentId}&period=0`), {
      token: s.token,
    });
    expect([period.status, period.body]).toEqual([
      400,
      { period: ["Ensure this value is greater than or equal to 1."] },
    ]);
    expect((await call(evalPath(s, f.id, `?environment_id=${s.environmentId}`))).status).toBe(401);
    const stranger = await seed();
    const foreignEnv = await call(evalPath(s, f.id, `?environment_id=${stranger.environmentId}`), {
      token: s.token,
    });
    expect([foreignEnv.status, foreignEnv.body]).toEqual([403, DENIED]);
    const unknown = await call(evalPath(s, 999999999, `?environment_id=${s.environmentId}`), {
      token: s.token,
    });
    expect([unknown.status, unknown.body]).toEqual([404, NOT_FOUND]);
  });

  it("v2 answers 400 for a malformed report and 403 for a bad key", async () => {
    const s = await seed();
    const empty = await call("/api/v2/analytics/flags/", { envKey: s.envKey, body: {} });
    expect([empty.status, empty.body]).toEqual([400, { evaluations: ["This field is required."] }]);
    const item = await call("/api/v2/analytics/flags/", {
      envKey: s.envKey,
      body: { evaluations: [{ feature_name: "f", count: 1 }] },
    });
    expect([item.status, item.body]).toEqual([
      400,
      { evaluations: [{ enabled_when_evaluated: ["This field is required."] }] },
    ]);
    const entry = { feature_name: "f", enabled_when_evaluated: true, count: 1 };
    const tooMany = await call("/api/v2/analytics/flags/", {
      envKey: s.envKey,
      body: { evaluations: Array.from({ length: 10_001 }, () => entry) },
    });
    expect([tooMany.status, tooMany.body]).toEqual([
      400,
      { evaluations: ["Ensure this field has no more than 10000 elements."] },
    ]);
    const bad = await call("/api/v2/analytics/flags/", { envKey: "nope", body: { evaluations: [] } });
    expect(bad.status).toBe(403);
  });
});

describe("lifecycle stages", () => {
  it("follows code references, staleness, recent evaluations and the permanent tag", async () => {
    const s = await seed();
    const fresh = await createFeature(s, { name: unique("new") });
    const live = await createFeature(s, { name: unique("live") });
    const stale = await createFeature(s, { name: unique("stale") });
    const monitored = await createFeature(s, { name: unique("monitor") });
    const removable = await createFeature(s, { name: unique("remove") });
    const tag = await call(`/api/v1/projects/${s.projectId}/tags/`, {
      token: s.token,
      body: { label: "keep", is_permanent: true },
    });
    const permanent = await createFeature(s, { name: unique("perm"), tags: [tag.body.id] });
    await scan(s, [ref(live.name), ref(stale.name)]);
    await call("/api/v1/analytics/flags/", { envKey: s.envKey, body: { [monitored.name]: 2 } });
    for (const f of [stale, monitored, removable, permanent]) await age(f.id);

    const features = await listed(s, `?environment=${s.environmentId}`);
    const stages = Object.fromEntries(
      [fresh, live, stale, monitored, removable, permanent].map((f) => [
        f.name,
        features.get(f.name).lifecycle_stage,
      ]),
    );
    expect(stages).toEqual({
      [fresh.name]: "new",
      [live.name]: "live",
      [stale.name]: "stale",
      [monitored.name]: "needs_monitoring",
      [removable.name]: "to_remove",
      [permanent.name]: "permanent",
    });
    expect((await listed(s)).get(fresh.name).lifecycle_stage).toBeNull();

    const filtered = await listed(s, `?environment=${s.environmentId}&lifecycle_stage=to_remove`);
    expect([...filtered.keys()]).toEqual([removable.name]);
    // Without an environment there are no stages, and the filter is ignored (as Flagsmith).
    expect((await listed(s, "?lifecycle_stage=to_remove")).size).toBe(6);
    const invalid = await call(`/api/v1/projects/${s.projectId}/features/?lifecycle_stage=gone`, {
      token: s.token,
    });
    expect([invalid.status, invalid.body]).toEqual([
      400,
      { lifecycle_stage: ['"gone" is not a valid choice.'] },
    ]);

    const counts = await call(countsPath(s.environmentId), { token: s.token });
    expect(counts.body).toEqual({
      new: 1,
      live: 1,
      stale: 1,
      permanent: 1,
      needs_monitoring: 1,
      to_remove: 1,
    });
    expect((await call(countsPath(s.envKey), { token: s.token })).body).toEqual(counts.body);
  });

  it("counts answer 401, 403 and 404", async () => {
    const s = await seed();
    expect([(await call(countsPath(s.environmentId))).status]).toEqual([401]);
    const member = await addMember(s.organisationId);
    const refused = await call(countsPath(s.environmentId), { token: member.token });
    expect([refused.status, refused.body]).toEqual([403, DENIED]);
    const stranger = await seed();
    const foreign = await call(countsPath(stranger.environmentId), { token: s.token });
    expect([foreign.status, foreign.body]).toEqual([404, NOT_FOUND]);
  });
});
