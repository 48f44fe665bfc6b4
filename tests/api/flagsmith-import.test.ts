// Issue 28 items 1 and 2: a live import from Flagsmith's Admin API, proved against a second
// Ensign instance as the source (it speaks the same API), then verified over HTTP.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signUp } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { rawQuery } from "../support/raw-query";
import { SOURCE_SEGMENTS, seedSource, type Source } from "../support/flagsmith-source";
import { startEnsign, type RunningEnsign } from "../support/server";

const run = promisify(execFile);

let sourceDb: TestDatabase;
let targetDb: TestDatabase;
let source: RunningEnsign;
let target: RunningEnsign;
let src: Source;
let admin: { token: string; organisationId: number };

beforeAll(async () => {
  [sourceDb, targetDb] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  [source, target] = await Promise.all([
    startEnsign({ databaseUrl: sourceDb.url }),
    startEnsign({
      databaseUrl: targetDb.url,
      env: {
        ENSIGN_IMPORT_ALLOW_LOOPBACK: "true",
        ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS: "false",
        // The CLI writes from another process: no poll finds it before the verifier compares.
        ENSIGN_REVISION_POLL_MS: "600000",
      },
    }),
  ]);
  src = await seedSource(source.url);
  // Development takes flag changes only through change requests at the source: the import
  // still writes its flags, and turns change requests on in Ensign after them.
  const cr = await call(`/api/v1/environments/${src.envKey}/`, {
    baseUrl: source.url,
    token: src.token,
    method: "PATCH",
    body: { minimum_change_request_approvals: 1 },
  });
  if (cr.status !== 200) throw new Error(`change requests on: ${cr.status} ${cr.text}`);
  // The target's admin has the source user's email, so feature owners map.
  const res = await call("/api/v1/auth/users/", {
    baseUrl: target.url,
    body: { email: src.email, password: "correct-horse-9" },
  });
  const org = await call("/api/v1/organisations/", {
    baseUrl: target.url,
    token: res.body.key,
    body: { name: "moved" },
  });
  admin = { token: res.body.key, organisationId: org.body.id };
}, 300_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
  await Promise.all([sourceDb?.drop(), targetDb?.drop()]);
});

const importPath = () => `/api/v1/organisations/${admin.organisationId}/flagsmith-import/`;
const t = (extra: Record<string, unknown> = {}) => ({ baseUrl: target.url, token: admin.token, ...extra });

async function waitFor(kind: "import" | "verify") {
  for (let i = 0; i < 600; i++) {
    const res = await call(importPath(), t());
    const runNow = res.body[kind];
    if (runNow && runNow.status !== "RUNNING") return runNow;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${kind} did not finish`);
}

async function countInTarget() {
  const projects = await call(`/api/v1/projects/?organisation=${admin.organisationId}`, t());
  const project = projects.body[0];
  const features = await call(`/api/v1/projects/${project.id}/features/?page_size=100`, t());
  const segments = await call(`/api/v1/projects/${project.id}/segments/?page_size=100`, t());
  const envs = await call(`/api/v1/environments/?project=${project.id}`, t());
  return {
    projects: projects.body.length,
    features: features.body.count,
    segments: segments.body.count,
    environments: (envs.body.results ?? envs.body).length,
  };
}

describe("import from Flagsmith's Admin API", () => {
  it("refuses a caller without credentials (401), a member who is not an admin (403) and a foreign or unknown organisation (404)", async () => {
    const body = { url: source.url, api_key: src.apiKey };
    expect((await call(importPath(), { baseUrl: target.url, body })).status).toBe(401);
    const member = await signUp(target.url);
    await rawQuery(
      targetDb.url,
      `INSERT INTO "OrganisationUser" ("organisationId", "userId", "role") VALUES (${admin.organisationId}, ${member.id}, 'USER')`,
    );
    const res = await call(importPath(), { baseUrl: target.url, token: member.token, body });
    expect(res.status).toBe(403);
    // Another organisation's admin learns nothing: as if it did not exist.
    const stranger = await signUp(target.url);
    expect((await call(importPath(), { baseUrl: target.url, token: stranger.token, body })).status).toBe(404);
    expect((await call(`/api/v1/organisations/999999/flagsmith-import/`, t({ body }))).status).toBe(404);
  });

  it("answers 400 for a bad body, a private address, and a key the source refuses", async () => {
    const bad = await call(importPath(), t({ body: { url: "not a url" } }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(["api_key", "url"]);
    const metadata = await call(importPath(), t({ body: { url: "http://169.254.169.254/", api_key: "x" } }));
    expect(metadata.status).toBe(400);
    expect(metadata.body.url[0]).toMatch(/link-local/);
    const privateNet = await call(importPath(), t({ body: { url: "http://10.1.2.3/", api_key: "x" } }));
    expect(privateNet.status).toBe(400);
    // A key that cannot travel in a header (the hostile walk's mangled bytes, a space) is refused, not a 500.
    for (const api_key of ["a\uFFFD/", "two words", "é"]) {
      const unsendable = await call(importPath(), t({ body: { url: source.url, api_key } }));
      expect([unsendable.status, unsendable.body]).toEqual([400, { api_key: ["Enter a valid API key."] }]);
    }
    const wrongKey = await call(importPath(), t({ body: { url: source.url, api_key: "wrong.key" } }));
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body.api_key[0]).toMatch(/401|403/);
    expect((await call(importPath(), t())).body.import).toBeNull();
  });

  it("stops halfway when told, resumes, and copies everything with the client keys kept", async () => {
    const started = await call(
      importPath(),
      t({ body: { url: source.url, api_key: src.apiKey, stop_after: 5 } }),
    );
    expect(started.status).toBe(202);
    const half = await waitFor("import");
    expect(half.status).toBe("INTERRUPTED");
    expect(half.steps_done).toBe(5);
    expect(half.steps_total).toBeGreaterThan(5);

    expect((await call(importPath(), t({ body: { url: source.url, api_key: src.apiKey } }))).status).toBe(
      202,
    );
    const done = await waitFor("import");
    expect(done.status).toBe("DONE");
    expect(done.id).toBe(half.id);
    expect(done.steps_done).toBe(done.steps_total);
    expect(done.report.copied).toMatchObject({
      projects: 1,
      environments: 2,
      features: 3,
      segments: 3,
      tags: 2,
    });
    expect(done.report.copied["segment overrides"]).toBe(4);
    expect(done.report.copied["identity overrides"]).toBe(2);
    // Ensign shows server-side keys masked: the report says which to re-create.
    expect(done.report.recreate).toEqual([{ environment: "Development", name: "backend" }]);
    expect(await countInTarget()).toEqual({ projects: 1, features: 3, segments: 3, environments: 2 });

    const envs = await call(
      `/api/v1/environments/?project=${(await call(`/api/v1/projects/`, t())).body[0].id}`,
      t(),
    );
    const list: { api_key: string; minimum_change_request_approvals: number | null }[] =
      envs.body.results ?? envs.body;
    expect(list.map((e) => e.api_key).sort()).toEqual([src.envKey, src.prodKey].sort());
    const approvals = Object.fromEntries(list.map((e) => [e.api_key, e.minimum_change_request_approvals]));
    expect(approvals).toEqual({ [src.envKey]: 1, [src.prodKey]: null });
  });

  it("keeps tags, owners, options and segment rules", async () => {
    const project = (await call(`/api/v1/projects/`, t())).body[0];
    const features = (await call(`/api/v1/projects/${project.id}/features/?page_size=100`, t())).body.results;
    const mv = features.find((f: { name: string }) => f.name === "mv");
    expect(
      mv.multivariate_options.map(
        (o: { default_percentage_allocation: number }) => o.default_percentage_allocation,
      ),
    ).toEqual([30, 20, 10]);
    expect(mv.tags).toHaveLength(1);
    expect(mv.owners.map((o: { email: string }) => o.email)).toEqual([src.email]);
    const segments = (await call(`/api/v1/projects/${project.id}/segments/?page_size=100`, t())).body.results;
    const every = segments.find((s: { name: string }) => s.name === "every-operator");
    expect(every.rules[0].rules[0].conditions).toHaveLength(12);
  });

  it("gives SDKs that use the old client key the same flags and identities", async () => {
    const pick = (flags: { feature: { name: string }; enabled: boolean; feature_state_value: unknown }[]) =>
      flags.map((f) => [f.feature.name, f.enabled, f.feature_state_value]).sort();
    for (const envKey of [src.envKey, src.prodKey]) {
      const want = await call("/api/v1/flags/", { baseUrl: source.url, envKey });
      const got = await call("/api/v1/flags/", { baseUrl: target.url, envKey });
      expect(pick(got.body)).toEqual(pick(want.body));
    }
    for (const identifier of ["core-user", "edge-user", "sdk-pro", "sdk-free"]) {
      const ask = (baseUrl: string) =>
        call(`/api/v1/identities/?identifier=${identifier}`, { baseUrl, envKey: src.envKey });
      const [want, got] = await Promise.all([ask(source.url), ask(target.url)]);
      expect(pick(got.body.flags)).toEqual(pick(want.body.flags));
      // Trait row ids are each database's own.
      const traits = (list: { trait_key: string; trait_value: unknown }[]) =>
        list.map((x) => [x.trait_key, x.trait_value]).sort();
      expect(traits(got.body.traits)).toEqual(traits(want.body.traits));
    }
  });

  it("finds no difference when verifying, and reports one made afterwards", async () => {
    const started = await call(
      `/api/v1/organisations/${admin.organisationId}/flagsmith-verify/`,
      t({
        body: { url: source.url, api_key: src.apiKey, sample: 30 },
      }),
    );
    expect(started.status).toBe(202);
    const verified = await waitFor("verify");
    expect(verified.status).toBe("DONE");
    expect(verified.report.differences).toEqual([]);
    expect(verified.report).toMatchObject({ environments: 2, sampled: 60 });
    expect(verified.report.identities).toBeGreaterThanOrEqual(4);

    // Change the source: the verifier names the flag, the expected and the got.
    const states = await call(`/api/v1/environments/${src.prodKey}/featurestates/?feature_name=plain`, {
      baseUrl: source.url,
      token: src.token,
    });
    await call(`/api/v1/environments/${src.prodKey}/featurestates/${states.body.results[0].id}/`, {
      baseUrl: source.url,
      token: src.token,
      method: "PATCH",
      body: { enabled: false },
    });
    await call(
      `/api/v1/organisations/${admin.organisationId}/flagsmith-verify/`,
      t({ body: { url: source.url, api_key: src.apiKey, sample: 0 } }),
    );
    const again = await waitFor("verify");
    expect(again.report.differences).toEqual([
      {
        environment: "Production",
        identity: null,
        flag: "plain",
        expected: false,
        got: true,
        why: "enabled differs",
      },
    ]);
    await call(`/api/v1/environments/${src.prodKey}/featurestates/${states.body.results[0].id}/`, {
      baseUrl: source.url,
      token: src.token,
      method: "PATCH",
      body: { enabled: true },
    });
  });

  it("updates on a second run from the command line, never duplicating", async () => {
    const before = await countInTarget();
    const { stdout, stderr } = await run(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/import-flagsmith.ts",
        "--url",
        source.url,
        "--api-key",
        src.apiKey,
        "--into",
        String(admin.organisationId),
      ],
      { env: { ...process.env, DATABASE_URL: targetDb.url }, timeout: 240_000 },
    );
    expect(stderr).toContain("import done");
    const report = JSON.parse(stdout);
    expect(report.status).toBe("DONE");
    expect(report.copied).toEqual({});
    expect(report.updated).toMatchObject({ projects: 1, environments: 2, features: 3, segments: 3 });
    // Development has change requests on, and nothing there differs from the source.
    expect(report.refused).toEqual([]);
    expect(report.gone).toEqual([]);
    expect(await countInTarget()).toEqual(before);
    const identities = await call(`/api/v1/environments/${src.envKey}/identities/`, t());
    const names = identities.body.results.map((i: { identifier: string }) => i.identifier);
    expect(new Set(names).size).toBe(names.length);
  });

  it("lists what the source no longer has, deletes it only with prune, and never Ensign's own", async () => {
    const project = (await call(`/api/v1/projects/`, t())).body[0];
    const native = await call(
      `/api/v1/projects/${project.id}/features/`,
      t({ body: { name: "ensign-native" } }),
    );
    expect(native.status).toBe(201);
    const so = { baseUrl: source.url, token: src.token };
    const gone = async (path: string) =>
      expect((await call(path, { ...so, method: "DELETE" })).status).toBe(204);
    await gone(`/api/v1/projects/${src.projectId}/features/${src.features.number}/`);
    const segments = await call(`/api/v1/projects/${src.projectId}/segments/?page_size=100`, so);
    const half = segments.body.results.find((x: { name: string }) => x.name === "half");
    await gone(`/api/v1/projects/${src.projectId}/segments/${half.id}/`);
    const free = await call(`/api/v1/environments/${src.envKey}/identities/?q=sdk-free`, so);
    await gone(`/api/v1/environments/${src.envKey}/identities/${free.body.results[0].id}/`);

    const bad = await call(importPath(), t({ body: { url: source.url, api_key: src.apiKey, prune: "yes" } }));
    expect([bad.status, Object.keys(bad.body)]).toEqual([400, ["prune"]]);

    const listed = (report: { gone: { kind: string; name: string; removed: boolean }[] }) =>
      report.gone.map((g) => [g.kind, g.name, g.removed]).sort();
    expect((await call(importPath(), t({ body: { url: source.url, api_key: src.apiKey } }))).status).toBe(
      202,
    );
    const kept = await waitFor("import");
    expect(kept.status).toBe("DONE");
    expect(listed(kept.report)).toEqual([
      ["feature", "number", false],
      ["identity", "sdk-free in Development", false],
      ["segment", "half", false],
    ]);
    const names = async (path: string) =>
      (await call(path, t())).body.results.map(
        (x: { name?: string; identifier?: string }) => x.name ?? x.identifier,
      );
    const featuresAt = `/api/v1/projects/${project.id}/features/?page_size=100`;
    const segmentsAt = `/api/v1/projects/${project.id}/segments/?page_size=100`;
    const identitiesAt = `/api/v1/environments/${src.envKey}/identities/?page_size=100`;
    expect(await names(featuresAt)).toEqual(expect.arrayContaining(["number", "ensign-native"]));
    expect(await names(segmentsAt)).toContain("half");
    expect(await names(identitiesAt)).toContain("sdk-free");

    const { stdout } = await run(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/import-flagsmith.ts",
        "--url",
        source.url,
        "--api-key",
        src.apiKey,
        "--into",
        String(admin.organisationId),
        "--prune",
      ],
      { env: { ...process.env, DATABASE_URL: targetDb.url }, timeout: 240_000 },
    );
    const pruned = JSON.parse(stdout);
    expect(pruned.status).toBe("DONE");
    expect(listed(pruned)).toEqual([
      ["feature", "number", true],
      ["identity", "sdk-free in Development", true],
      ["segment", "half", true],
    ]);
    const features = await names(featuresAt);
    expect(features).toContain("ensign-native");
    expect(features).not.toContain("number");
    expect(await names(segmentsAt)).not.toContain("half");
    expect(await names(identitiesAt)).not.toContain("sdk-free");
    const audit = await rawQuery(
      targetDb.url,
      `SELECT "log" FROM "AuditLog" WHERE "log" LIKE '%gone from the Flagsmith source%' ORDER BY "id"`,
    );
    expect(audit.map((row) => row.log)).toEqual([
      "Flag / Remote Config Deleted (gone from the Flagsmith source): number",
      "Segment deleted (gone from the Flagsmith source): half",
    ]);
    const summary = await rawQuery(
      targetDb.url,
      `SELECT "log" FROM "AuditLog" WHERE "log" LIKE 'Import from Flagsmith deleted%'`,
    );
    expect(summary.map((row) => row.log)).toEqual([
      expect.stringMatching(/^Import from Flagsmith deleted 3 object\(s\) gone from the source: /),
    ]);

    // Ensign now answers as the source does, but for its own feature.
    await call(
      `/api/v1/organisations/${admin.organisationId}/flagsmith-verify/`,
      t({ body: { url: source.url, api_key: src.apiKey, sample: 0 } }),
    );
    const differences: { flag: string; why: string }[] = (await waitFor("verify")).report.differences;
    expect(differences.length).toBeGreaterThan(0);
    expect([...new Set(differences.map((d) => `${d.flag}: ${d.why}`))]).toEqual([
      "ensign-native: only in Ensign",
    ]);
  });

  it("does not overwrite a segment or a flag where Ensign takes changes only through change requests", async () => {
    const project = (await call(`/api/v1/projects/`, t())).body[0];
    const protect = async (path: string) =>
      expect(
        (await call(path, t({ method: "PATCH", body: { minimum_change_request_approvals: 1 } }))).status,
      ).toBe(200);
    await protect(`/api/v1/projects/${project.id}/`);
    await protect(`/api/v1/environments/${src.prodKey}/`);
    // The source changes a segment's rules and Production's default of "plain".
    const so = { baseUrl: source.url, token: src.token };
    const segments = await call(`/api/v1/projects/${src.projectId}/segments/?page_size=100`, so);
    const pro = segments.body.results.find((x: { name: string }) => x.name === "pro-or-big");
    const rules = JSON.parse(JSON.stringify(SOURCE_SEGMENTS[0].rules).replace('"pro"', '"enterprise"'));
    const changed = await call(`/api/v1/projects/${src.projectId}/segments/${pro.id}/`, {
      ...so,
      method: "PATCH",
      body: { name: "pro-or-big", rules },
    });
    expect(changed.status).toBe(200);
    const plain = async (enabled: boolean) => {
      const states = await call(`/api/v1/environments/${src.prodKey}/featurestates/?feature_name=plain`, so);
      const res = await call(
        `/api/v1/environments/${src.prodKey}/featurestates/${states.body.results[0].id}/`,
        {
          ...so,
          method: "PATCH",
          body: { enabled },
        },
      );
      expect(res.status).toBe(200);
    };
    await plain(false);

    expect((await call(importPath(), t({ body: { url: source.url, api_key: src.apiKey } }))).status).toBe(
      202,
    );
    const done = await waitFor("import");
    expect(done.status).toBe("DONE");
    expect(done.report.refused).toEqual([
      {
        kind: "segment",
        name: "pro-or-big",
        reason: expect.stringMatching(/^409 change_requests_enabled: /),
      },
      {
        kind: "feature state",
        name: "plain in Production",
        reason: expect.stringMatching(/^409 change_requests_enabled: /),
      },
    ]);
    // Neither was written, and Ensign's protection is still on.
    const now = (await call(`/api/v1/projects/${project.id}/segments/?page_size=100`, t())).body.results;
    expect(JSON.stringify(now.find((x: { name: string }) => x.name === "pro-or-big").rules)).toContain(
      '"pro"',
    );
    const flags = await call("/api/v1/flags/", { baseUrl: target.url, envKey: src.prodKey });
    expect(flags.body.find((f: { feature: { name: string } }) => f.feature.name === "plain").enabled).toBe(
      true,
    );
    const env = await call(`/api/v1/environments/${src.prodKey}/`, t());
    expect(env.body.minimum_change_request_approvals).toBe(1);
    await plain(true);
  });
});
