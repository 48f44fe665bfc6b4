// Issue 28 item 3: Flagsmith's organisation dump (the Django fixture `dumporganisationtolocalfs`
// writes, see api/import_export/export.py). Imports the fixture in tests/fixtures (every model
// export.py writes) and checks what SDKs get with the kept client keys; refuses bad files with
// a 400 that writes nothing; and round-trips a richly seeded Ensign (a second instance) through
// the export route into a fresh organisation, which the live import's verifier then compares.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZDumpDownload, ZImportRun } from "@/lib/migration/responses";
import { call, signUp } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { rawQuery } from "../support/raw-query";
import { seedSource, type Source } from "../support/flagsmith-source";
import { startEnsign, type RunningEnsign } from "../support/server";

const FIXTURE = readFileSync("tests/fixtures/flagsmith-dump.json", "utf8");
const DEV_KEY = "dumpDevKey000000000001";
const PROD_KEY = "dumpProdKey00000000001";

let sourceDb: TestDatabase;
let targetDb: TestDatabase;
let source: RunningEnsign;
let target: RunningEnsign;
let src: Source;
let admin: { token: string; id: number };
let roundTripOrganisation = 0;
const run = promisify(execFile);

beforeAll(async () => {
  [sourceDb, targetDb] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  [source, target] = await Promise.all([
    startEnsign({ databaseUrl: sourceDb.url }),
    startEnsign({ databaseUrl: targetDb.url, env: { ENSIGN_IMPORT_ALLOW_LOOPBACK: "true" } }),
  ]);
  src = await seedSource(source.url);
  admin = await signUp(target.url);
}, 300_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
  await Promise.all([sourceDb?.drop(), targetDb?.drop()]);
});

async function newOrganisation(name: string) {
  const org = await call("/api/v1/organisations/", {
    baseUrl: target.url,
    token: admin.token,
    body: { name },
  });
  expect(org.status).toBe(201);
  return org.body.id as number;
}

async function upload(organisationId: number, content: string | null, token = admin.token) {
  const form = new FormData();
  if (content !== null) form.set("file", new Blob([content], { type: "application/json" }), "dump.json");
  const res = await fetch(`${target.url}/api/v1/organisations/${organisationId}/flagsmith-import/dump/`, {
    method: "POST",
    headers: { Authorization: `Token ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : null };
}

type Flag = { feature: { name: string }; enabled: boolean; feature_state_value: unknown };
const flagMap = (flags: Flag[]) =>
  Object.fromEntries(flags.map((f) => [f.feature.name, [f.enabled, f.feature_state_value]]));

async function flags(envKey: string) {
  const res = await call("/api/v1/flags/", { baseUrl: target.url, envKey });
  expect(res.status, res.text).toBe(200);
  return flagMap(res.body);
}

async function identityFlags(envKey: string, identifier: string) {
  const res = await call(`/api/v1/identities/?identifier=${identifier}`, { baseUrl: target.url, envKey });
  expect(res.status, res.text).toBe(200);
  return flagMap(res.body.flags);
}

async function contents(organisationId: number) {
  const t = { baseUrl: target.url, token: admin.token };
  const projects = (await call(`/api/v1/projects/?organisation=${organisationId}`, t)).body;
  const out = { projects: projects.length, features: 0, segments: 0, environments: 0, identities: 0 };
  for (const p of projects) {
    out.features += (await call(`/api/v1/projects/${p.id}/features/?page_size=100`, t)).body.count;
    out.segments += (await call(`/api/v1/projects/${p.id}/segments/?page_size=100`, t)).body.count;
    const envs = (await call(`/api/v1/environments/?project=${p.id}`, t)).body;
    for (const e of envs.results ?? envs) {
      out.environments++;
      out.identities += (await call(`/api/v1/environments/${e.api_key}/identities/`, t)).body.count;
    }
  }
  return out;
}

describe("importing a Flagsmith organisation dump", () => {
  it("refuses a caller without credentials (401), a member who is not an admin (403) and a stranger (404)", async () => {
    const organisationId = await newOrganisation("dump-access");
    const anonymous = await fetch(
      `${target.url}/api/v1/organisations/${organisationId}/flagsmith-import/dump/`,
      {
        method: "POST",
      },
    );
    expect(anonymous.status).toBe(401);
    const member = await signUp(target.url);
    await rawQuery(
      targetDb.url,
      `INSERT INTO "OrganisationUser" ("organisationId", "userId", "role") VALUES (${organisationId}, ${member.id}, 'USER')`,
    );
    const denied = await upload(organisationId, FIXTURE, member.token);
    expect(denied).toMatchObject({
      status: 403,
      body: { detail: "You do not have permission to perform this action." },
    });
    const stranger = await signUp(target.url);
    expect(await upload(organisationId, FIXTURE, stranger.token)).toMatchObject({
      status: 404,
      body: { detail: "Not found." },
    });
    expect((await upload(999_999, FIXTURE)).status).toBe(404);
    const exported = `/api/v1/organisations/${organisationId}/flagsmith-export/`;
    expect((await call(exported, { baseUrl: target.url })).status).toBe(401);
    expect((await call(exported, { baseUrl: target.url, token: member.token })).status).toBe(403);
    expect((await call(exported, { baseUrl: target.url, token: stranger.token })).status).toBe(404);
    expect(
      (await call(`${exported}?keep_ids=maybe`, { baseUrl: target.url, token: admin.token })).body,
    ).toEqual({
      keep_ids: ["Must be a valid boolean."],
    });
  });

  it("refuses bad files with a 400 on `file` and writes nothing", async () => {
    const organisationId = await newOrganisation("dump-bad-files");
    const notMultipart = await call(`/api/v1/organisations/${organisationId}/flagsmith-import/dump/`, {
      baseUrl: target.url,
      token: admin.token,
      body: JSON.parse(FIXTURE),
    });
    expect(notMultipart).toMatchObject({ status: 400, body: { file: ["No file was submitted."] } });
    expect(await upload(organisationId, null)).toMatchObject({
      status: 400,
      body: { file: ["The submitted data was not a file. Check the encoding type on the form."] },
    });
    const notJson = await upload(organisationId, "[{ not json");
    expect(notJson.status).toBe(400);
    expect(notJson.body.file).toEqual([expect.stringMatching(/^The file is not valid JSON: /)]);
    const wrongShape = await upload(organisationId, JSON.stringify({ model: "projects.project" }));
    expect(wrongShape).toMatchObject({
      status: 400,
      body: { file: ['file: Expected a list of items but got type "dict".'] },
    });
    const tooLarge = await upload(organisationId, " ".repeat(1_000_001));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.file[0]).toMatch(/^File size is too large/);
    // A row naming an environment the file does not hold: the whole file is refused.
    const rows = JSON.parse(FIXTURE) as { model: string; fields: Record<string, unknown> }[];
    const identity = rows.find((r) => r.model === "identities.identity")!;
    identity.fields.environment = ["unknownEnvironmentKey"];
    const unknownRef = await upload(organisationId, JSON.stringify(rows));
    expect(unknownRef.status).toBe(400);
    expect(unknownRef.body.file).toContainEqual(
      expect.stringMatching(
        /\(identities\.identity\): environment unknownEnvironmentKey is not in the file$/,
      ),
    );
    expect(await contents(organisationId)).toEqual({
      projects: 0,
      features: 0,
      segments: 0,
      environments: 0,
      identities: 0,
    });
    const status = await call(`/api/v1/organisations/${organisationId}/flagsmith-import/`, {
      baseUrl: target.url,
      token: admin.token,
    });
    expect(status.body.import).toBeNull();
    // The fixture's client key was not made either.
    expect((await call("/api/v1/flags/", { baseUrl: target.url, envKey: PROD_KEY })).status).toBe(403);
  });

  it("imports every model, keeps the client keys, and SDKs get the source's flags", async () => {
    const organisationId = await newOrganisation("dump-fixture");
    const res = await upload(organisationId, FIXTURE);
    expect(res.status, res.text).toBe(201);
    expect(ZImportRun.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      kind: "IMPORT",
      status: "DONE",
      source: "dump:00000000-0000-4000-8000-000000000001",
    });
    expect(res.body.report.copied).toMatchObject({
      projects: 1,
      environments: 2,
      tags: 1,
      features: 3,
      segments: 2,
      "segment overrides": 3,
      identities: 4,
      "identity overrides": 2,
      "server keys": 1,
    });
    expect(res.body.report.skipped.map((s: { source: string }) => s.source).sort()).toEqual([
      "datadog.datadogconfiguration (1)",
      "environments.webhook (1)",
      "metadata.metadatafield (1)",
      "organisations.invitelink (1)",
      "organisations.organisationwebhook (1)",
      "organisations.subscription (1)",
    ]);
    expect(await contents(organisationId)).toEqual({
      projects: 1,
      features: 3,
      segments: 2,
      environments: 2,
      identities: 4,
    });

    const [entry] = (await call("/api/v1/audit/?page_size=1", { baseUrl: target.url, token: admin.token }))
      .body.results;
    expect(entry.log).toBe("Flagsmith organisation dump imported: Dumped organisation");

    // Production: the live version of banner (2, not the one starting in 2999).
    expect(await flags(PROD_KEY)).toEqual({
      banner: [true, "new"],
      checkout: [true, "control"],
      limit: [false, 20],
    });
    // The kept server-side key answers too.
    const server = await call("/api/v1/flags/", {
      baseUrl: target.url,
      envKey: "ser.dumpServerKey00000000000001",
    });
    expect(flagMap(server.body)).toEqual(await flags(PROD_KEY));
    // Segment overrides by priority, a 100% variant, an identity override.
    expect(await identityFlags(PROD_KEY, "alice")).toEqual({
      banner: [true, "premium"],
      checkout: [true, "blue"],
      limit: [true, 99],
    });
    expect(await identityFlags(PROD_KEY, "bob")).toEqual({
      banner: [true, "staff"],
      checkout: [true, "blue"],
      limit: [false, 20],
    });
    expect(await identityFlags(PROD_KEY, "carol")).toEqual({
      banner: [false, "carol-only"],
      checkout: [true, "blue"],
      limit: [false, 20],
    });
    // Development: versioning v2 serves the published version (10), not the draft (999).
    expect(await flags(DEV_KEY)).toEqual({
      banner: [true, "hello"],
      checkout: [true, "control"],
      limit: [true, 10],
    });
    expect(await identityFlags(DEV_KEY, "dave")).toEqual({
      banner: [true, "hello"],
      checkout: [true, "control"],
      limit: [true, true],
    });
    const dave = await call("/api/v1/identities/?identifier=dave", { baseUrl: target.url, envKey: DEV_KEY });
    expect(
      Object.fromEntries(
        dave.body.traits.map((t: { trait_key: string; trait_value: unknown }) => [
          t.trait_key,
          t.trait_value,
        ]),
      ),
    ).toEqual({ beta: true, score: 1.5 });

    // A second import of the same organisation's dump updates; nothing is duplicated.
    const again = await upload(organisationId, FIXTURE);
    expect(again.status, again.text).toBe(201);
    expect(again.body.report.copied).toEqual({});
    expect(again.body.report.updated).toMatchObject({
      projects: 1,
      environments: 2,
      features: 3,
      identities: 4,
    });
    expect(await contents(organisationId)).toEqual({
      projects: 1,
      features: 3,
      segments: 2,
      environments: 2,
      identities: 4,
    });
    expect(await identityFlags(PROD_KEY, "alice")).toEqual({
      banner: [true, "premium"],
      checkout: [true, "blue"],
      limit: [true, 99],
    });
  });
});

describe("exporting an organisation as a dump", () => {
  it("round-trips a seeded Ensign into a fresh organisation with zero differences", async () => {
    const path = `/api/v1/organisations/${src.organisationId}/flagsmith-export/`;
    const plain = await call(path, { baseUrl: source.url, token: src.token });
    expect(plain.status, plain.text).toBe(200);
    expect(plain.headers.get("content-disposition")).toBe(
      `attachment; filename=organisation-${src.organisationId}.json`,
    );
    expect(ZDumpDownload.safeParse(plain.body).success).toBe(true);
    const models = new Set(plain.body.map((r: { model: string }) => r.model));
    expect([...models].sort()).toEqual([
      "environments.environment",
      "features.feature",
      "features.featuresegment",
      "features.featurestate",
      "features.featurestatevalue",
      "identities.identity",
      "multivariate.multivariatefeatureoption",
      "multivariate.multivariatefeaturestatevalue",
      "organisations.organisation",
      "projects.project",
      "segments.condition",
      "segments.segment",
      "segments.segmentrule",
      "tags.tag",
      "traits.trait",
    ]);
    // Like Flagsmith's dump, rows carry natural keys and no primary keys unless asked.
    expect(plain.body.some((r: { pk?: number }) => "pk" in r)).toBe(false);

    const kept = await call(`${path}?keep_ids=true`, { baseUrl: source.url, token: src.token });
    expect(kept.body.filter((r: { pk?: number }) => "pk" in r).length).toBeGreaterThan(0);
    const organisationId = await newOrganisation("dump-round-trip");
    roundTripOrganisation = organisationId;
    const imported = await upload(organisationId, kept.text);
    expect(imported.status, imported.text).toBe(201);

    const verify = `/api/v1/organisations/${organisationId}/flagsmith-verify/`;
    const t = { baseUrl: target.url, token: admin.token };
    const started = await call(verify, { ...t, body: { url: source.url, api_key: src.apiKey, sample: 30 } });
    expect(started.status, started.text).toBe(202);
    let run = null;
    for (let i = 0; i < 600 && (!run || run.status === "RUNNING"); i++) {
      await new Promise((r) => setTimeout(r, 250));
      run = (await call(`/api/v1/organisations/${organisationId}/flagsmith-import/`, t)).body.verify;
    }
    expect(run.status).toBe("DONE");
    expect(run.report.differences).toEqual([]);
    expect(run.report).toMatchObject({ environments: 2, sampled: 60 });
    expect(run.report.identities).toBeGreaterThanOrEqual(4);
  });

  it("exports and imports from the command line; a second import updates; a bad file is refused", async () => {
    const tsx = (script: string, args: string[], databaseUrl: string) =>
      run(process.execPath, ["--import", "tsx", script, ...args], {
        env: { ...process.env, DATABASE_URL: databaseUrl },
        timeout: 240_000,
        maxBuffer: 64 * 1024 * 1024,
      });
    const exported = await tsx(
      "scripts/export-flagsmith.ts",
      ["--organisation", String(src.organisationId), "--keep-ids"],
      sourceDb.url,
    );
    expect(exported.stderr).toMatch(/rows written/);
    const dir = mkdtempSync(path.join(tmpdir(), "ensign-dump-"));
    const file = path.join(dir, "dump.json");
    writeFileSync(file, exported.stdout);
    const before = await contents(roundTripOrganisation);
    const imported = await tsx(
      "scripts/import-flagsmith.ts",
      ["--dump", file, "--into", String(roundTripOrganisation)],
      targetDb.url,
    );
    const report = JSON.parse(imported.stdout);
    expect(report.status).toBe("DONE");
    expect(report.copied).toEqual({});
    expect(report.updated).toMatchObject({ projects: 1, environments: 2, features: 3 });
    expect(await contents(roundTripOrganisation)).toEqual(before);

    const bad = path.join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify([{ model: "features.feature", fields: { name: "x" } }]));
    const refused = await tsx(
      "scripts/import-flagsmith.ts",
      ["--dump", bad, "--into", String(roundTripOrganisation)],
      targetDb.url,
    ).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(4);
    expect(refused?.stderr).toMatch(/the file was refused, nothing was written/);
    expect(await contents(roundTripOrganisation)).toEqual(before);
  });
});
