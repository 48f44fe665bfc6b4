// Flagsmith's feature export and import (POST /features/create-feature-export/, GET
// /projects/{id}/feature-exports/, GET /features/download-feature-export/{id}/, POST
// /features/feature-import/{environment_id}, GET /projects/{id}/feature-imports/): the file
// field by field against what Flagsmith's importer reads, both strategies, Ensign's extension,
// and bad files refused with a 400 that writes nothing.
import { describe, expect, it } from "vitest";
import { baseUrl, call, seed, unique, type Seeded } from "../support/api";
import { createFeature, createSegment, equalsRules, identify } from "../support/fixtures";
import { addMember } from "../support/members";
import { FLAGSMITH_FEATURE_KEYS, flagsmithImportProblems } from "../support/flagsmith-feature-file";

const DENIED = { detail: "You do not have permission to perform this action." };
const NOT_FOUND = { detail: "Not found." };

type FlagMap = Record<string, { enabled: boolean; value: unknown }>;

async function exportFile(s: Seeded, tagIds: number[] = []) {
  const created = await call("/api/v1/features/create-feature-export/", {
    token: s.token,
    body: { environment_id: s.environmentId, tag_ids: tagIds },
  });
  expect(created.status, created.text).toBe(201);
  const download = await call(`/api/v1/features/download-feature-export/${created.body.id}/`, {
    token: s.token,
  });
  expect(download.status, download.text).toBe(200);
  return { created, download };
}

async function upload(
  s: { token: string },
  environmentId: number,
  content: string | Uint8Array<ArrayBuffer> | null,
  strategy: string | null = "OVERWRITE_DESTRUCTIVE",
  path = `/api/v1/features/feature-import/${environmentId}/`,
) {
  const form = new FormData();
  if (content !== null)
    form.set(
      "file",
      new Blob([typeof content === "string" ? content : new Uint8Array(content)], {
        type: "application/json",
      }),
      "export.json",
    );
  if (strategy !== null) form.set("strategy", strategy);
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { Authorization: `Token ${s.token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : null };
}

async function flags(envKey: string): Promise<FlagMap> {
  const res = await call("/api/v1/flags/", { envKey });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    res.body.map((f: { feature: { name: string }; enabled: boolean; feature_state_value: unknown }) => [
      f.feature.name,
      { enabled: f.enabled, value: f.feature_state_value },
    ]),
  );
}

async function identityFlags(envKey: string, identifier: string, plan: string): Promise<FlagMap> {
  const answer = await identify({ envKey }, identifier, [{ trait_key: "plan", trait_value: plan }]);
  return Object.fromEntries(
    answer.flags.map((f) => [f.feature.name, { enabled: f.enabled, value: f.feature_state_value }]),
  );
}

async function stateOf(s: Seeded, featureName: string) {
  const res = await call(`/api/v1/environments/${s.envKey}/featurestates/?feature_name=${featureName}`, {
    token: s.token,
  });
  return res.body.results[0];
}

async function setState(s: Seeded, featureName: string, body: Record<string, unknown>) {
  const state = await stateOf(s, featureName);
  const res = await call(`/api/v1/environments/${s.envKey}/featurestates/${state.id}/`, {
    token: s.token,
    method: "PATCH",
    body,
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function segmentOverride(
  s: Seeded,
  featureId: number,
  segmentId: number,
  value: string,
  priority?: number,
) {
  const res = await call(`/api/v1/environments/${s.envKey}/features/${featureId}/create-segment-override/`, {
    token: s.token,
    body: {
      enabled: true,
      feature_state_value: { type: "unicode", string_value: value },
      feature_segment: { segment: segmentId, ...(priority === undefined ? {} : { priority }) },
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A second project in the same organisation, with one environment: the import target. */
async function secondProject(s: Seeded): Promise<Seeded> {
  const project = await call("/api/v1/projects/", {
    token: s.token,
    body: { name: unique("target"), organisation: s.organisationId },
  });
  const env = await call("/api/v1/environments/", {
    token: s.token,
    body: { name: "Production", project: project.body.id },
  });
  expect(env.status, env.text).toBe(201);
  return { ...s, projectId: project.body.id, environmentId: env.body.id, envKey: env.body.api_key };
}

async function featureNames(s: Seeded): Promise<string[]> {
  const res = await call(`/api/v1/projects/${s.projectId}/features/?page_size=999`, { token: s.token });
  return res.body.results.map((f: { name: string }) => f.name).sort();
}

async function importCount(s: Seeded): Promise<number> {
  return (await call(`/api/v1/projects/${s.projectId}/feature-imports/`, { token: s.token })).body.count;
}

/** A project with a plain flag, a remote config, a multivariate feature, an archived one, a tag, an override. */
async function richSource() {
  const s = await seed();
  const tag = await call(`/api/v1/projects/${s.projectId}/tags/`, {
    token: s.token,
    body: { label: "beta" },
  });
  const plain = await createFeature(s, { name: unique("plain"), default_enabled: true, tags: [tag.body.id] });
  const config = await createFeature(s, { name: unique("config"), initial_value: "42" });
  await setState(s, config.name, { enabled: true, feature_state_value: 7 });
  const colour = await createFeature(s, {
    name: unique("colour"),
    initial_value: "grey",
    description: "the button colour",
    multivariate_options: [
      { type: "unicode", string_value: "red", default_percentage_allocation: 100 },
      { type: "unicode", string_value: "blue", default_percentage_allocation: 0 },
    ],
  });
  await setState(s, colour.name, { enabled: true });
  const archived = await createFeature(s, { name: unique("old"), is_archived: true });
  const pro = await createSegment(s, { name: unique("pro"), rules: equalsRules("plan", "pro") });
  const team = await createSegment(s, { name: unique("team"), rules: equalsRules("plan", "team") });
  await segmentOverride(s, config.id, pro.id, "for pros");
  await segmentOverride(s, config.id, team.id, "for teams", 0);
  return { s, tag: tag.body, plain, config, colour, archived, pro, team };
}

describe("POST /api/v1/features/create-feature-export/ and the download", () => {
  it("writes Flagsmith's file, field by field, with Ensign's extension beside it", async () => {
    const { s, plain, config, colour, archived, pro, team } = await richSource();
    const { created, download } = await exportFile(s);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: expect.stringMatching(/^Development \| \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/),
      environment_id: s.environmentId,
      status: "SUCCESS",
      created_at: expect.any(String),
    });
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename=feature_export.${created.body.id}.json`,
    );
    const file = download.body;
    expect(flagsmithImportProblems(file)).toEqual([]);
    expect(file.map((f: { name: string }) => f.name)).toEqual([plain.name, config.name, colour.name]);
    expect(file.map((f: { name: string }) => f.name)).not.toContain(archived.name);
    for (const item of file) {
      expect(Object.keys(item).sort()).toEqual([...FLAGSMITH_FEATURE_KEYS, "ensign"].sort());
    }
    const [p, c, mv] = file;
    expect(p).toMatchObject({
      default_enabled: true,
      is_server_key_only: false,
      initial_value: null,
      value: null,
      type: "unicode",
      enabled: true,
      multivariate: [],
      ensign: {
        version: 1,
        tags: [{ label: "beta", color: "#6837FC", description: null }],
        owners: [s.email],
      },
    });
    expect(c).toMatchObject({ initial_value: "42", value: 7, type: "int", enabled: true, multivariate: [] });
    expect(c.ensign.segment_overrides).toEqual([
      {
        segment: { name: team.name, description: null, rules: expect.any(Array) },
        priority: 0,
        enabled: true,
        value: "for teams",
        type: "unicode",
        multivariate: [],
      },
      {
        segment: { name: pro.name, description: null, rules: expect.any(Array) },
        priority: 1,
        enabled: true,
        value: "for pros",
        type: "unicode",
        multivariate: [],
      },
    ]);
    expect(c.ensign.segment_overrides[1].segment.rules[0].rules[0].conditions[0]).toMatchObject({
      property: "plan",
      operator: "EQUAL",
      value: "pro",
    });
    expect(mv).toMatchObject({
      value: "grey",
      type: "unicode",
      multivariate: [
        { percentage_allocation: 100, default_percentage_allocation: 100, value: "red", type: "unicode" },
        { percentage_allocation: 0, default_percentage_allocation: 0, value: "blue", type: "unicode" },
      ],
      ensign: { description: "the button colour" },
    });
  });

  it("exports only the features with one of tag_ids, and lists exports newest first", async () => {
    const { s, tag, plain } = await richSource();
    const { download } = await exportFile(s, [tag.id]);
    expect(download.body.map((f: { name: string }) => f.name)).toEqual([plain.name]);
    await exportFile(s);
    const list = await call(`/api/v1/projects/${s.projectId}/feature-exports/`, { token: s.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(list.body.results[0].id).toBeGreaterThan(list.body.results[1].id);
    expect(list.body.results[0]).toEqual({
      id: expect.any(Number),
      name: expect.stringContaining("Development | "),
      environment_id: s.environmentId,
      status: "SUCCESS",
      created_at: expect.any(String),
    });
  });

  it("refuses callers who are not admins of the environment, and other tenants' exports are not found", async () => {
    const s = await seed();
    const { created } = await exportFile(s);
    const member = await addMember(s.organisationId);
    const asMember = await call("/api/v1/features/create-feature-export/", {
      token: member.token,
      body: { environment_id: s.environmentId, tag_ids: [] },
    });
    expect(asMember).toMatchObject({ status: 403, body: DENIED });
    const download = await call(`/api/v1/features/download-feature-export/${created.body.id}/`, {
      token: member.token,
    });
    expect(download).toMatchObject({ status: 403, body: DENIED });
    // A member who may view the project sees the list, but only the exports of environments
    // they administer.
    const grant = await call(`/api/v1/projects/${s.projectId}/user-permissions/`, {
      token: s.token,
      body: { user: member.id, permissions: ["VIEW_PROJECT"] },
    });
    expect(grant.status, grant.text).toBe(201);
    const list = await call(`/api/v1/projects/${s.projectId}/feature-exports/`, { token: member.token });
    expect(list.body).toMatchObject({ count: 0, results: [] });
    const stranger = await seed();
    const foreign = await call(`/api/v1/features/download-feature-export/${created.body.id}/`, {
      token: stranger.token,
    });
    expect(foreign).toMatchObject({ status: 404, body: NOT_FOUND });
    const missing = await call("/api/v1/features/download-feature-export/999999999/", { token: s.token });
    expect(missing).toMatchObject({ status: 404, body: NOT_FOUND });
    const noToken = await call(`/api/v1/projects/${s.projectId}/feature-exports/`);
    expect(noToken.status).toBe(401);
    const badTag = await call("/api/v1/features/create-feature-export/", {
      token: s.token,
      body: { environment_id: s.environmentId, tag_ids: [999999999] },
    });
    expect(badTag).toMatchObject({
      status: 400,
      body: { tag_ids: ["Every tag must be a tag of the environment's project."] },
    });
  });
});

describe("POST /api/v1/features/feature-import/{environment_id}", () => {
  it("round-trips an environment into another project: same flags, same identities' flags", async () => {
    const { s, config, archived } = await richSource();
    const { download } = await exportFile(s);
    const target = await secondProject(s);
    const res = await upload(target, target.environmentId, download.text, "SKIP");
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      environment_id: target.environmentId,
      strategy: "SKIP",
      status: "SUCCESS",
      created_at: expect.any(String),
    });
    // Archived features are not exported (as in Flagsmith); everything else is served alike.
    const served = await flags(s.envKey);
    delete served[archived.name];
    expect(await flags(target.envKey)).toEqual(served);
    for (const plan of ["pro", "team", "free"]) {
      const id = unique("visitor");
      const expected = await identityFlags(s.envKey, id, plan);
      delete expected[archived.name];
      expect(await identityFlags(target.envKey, id, plan)).toEqual(expected);
    }
    expect((await identityFlags(target.envKey, unique("v"), "team"))[config.name]).toEqual({
      enabled: true,
      value: "for teams",
    });
    // The segments, tags and owners came along.
    const segments = await call(`/api/v1/projects/${target.projectId}/segments/`, { token: s.token });
    expect(segments.body.count).toBe(2);
    const imported = await call(`/api/v1/projects/${target.projectId}/features/?page_size=999`, {
      token: s.token,
    });
    const colour = imported.body.results.find((f: { name: string }) => f.name.startsWith("colour"));
    expect(colour).toMatchObject({ type: "MULTIVARIATE", description: "the button colour" });
    expect(colour.multivariate_options).toHaveLength(2);
    const plain = imported.body.results.find((f: { name: string }) => f.name.startsWith("plain"));
    expect(plain.tags).toHaveLength(1);
    expect(plain.owners.map((o: { email: string }) => o.email)).toEqual([s.email]);
    const list = await call(`/api/v1/projects/${target.projectId}/feature-imports/`, { token: s.token });
    expect(list.body).toMatchObject({ count: 1, results: [res.body] });
  });

  it("SKIP leaves existing features alone; OVERWRITE_DESTRUCTIVE replaces them and their overrides here", async () => {
    const s = await seed();
    const kept = await createFeature(s, { name: unique("kept"), initial_value: "mine" });
    const segment = await createSegment(s);
    await segmentOverride(s, kept.id, segment.id, "segment value");
    const file = JSON.stringify([
      {
        name: kept.name,
        default_enabled: true,
        is_server_key_only: false,
        initial_value: "theirs",
        value: "theirs",
        type: "unicode",
        enabled: true,
        multivariate: [],
      },
      {
        name: "brand-new",
        default_enabled: false,
        is_server_key_only: false,
        initial_value: null,
        value: true,
        type: "bool",
        enabled: true,
        multivariate: [
          { percentage_allocation: 30, default_percentage_allocation: 50, value: 1, type: "int" },
          { percentage_allocation: 70, default_percentage_allocation: 50, value: 2, type: "int" },
        ],
      },
    ]);
    const skip = await upload(s, s.environmentId, file, "SKIP");
    expect(skip.status, skip.text).toBe(201);
    let current = await flags(s.envKey);
    expect(current[kept.name]).toEqual({ enabled: false, value: "mine" });
    expect(current["brand-new"]).toEqual({ enabled: true, value: true });
    const newState = await stateOf(s, "brand-new");
    expect(
      newState.multivariate_feature_state_values.map(
        (v: { percentage_allocation: number }) => v.percentage_allocation,
      ),
    ).toEqual([30, 70]);
    expect((await identityFlags(s.envKey, unique("p"), "pro"))[kept.name].value).toBe("segment value");

    const overwrite = await upload(s, s.environmentId, file, "OVERWRITE_DESTRUCTIVE");
    expect(overwrite.status, overwrite.text).toBe(201);
    current = await flags(s.envKey);
    expect(current[kept.name]).toEqual({ enabled: true, value: "theirs" });
    // The segment override in this environment is gone (the file has no extension).
    expect((await identityFlags(s.envKey, unique("p"), "pro"))[kept.name].value).toBe("theirs");
    expect(await importCount(s)).toBe(2);
    // Audited: the import, and the changes it made.
    const audit = await call(`/api/v1/audit/?project=${s.projectId}&page_size=50`, { token: s.token });
    const logs = audit.body.results.map((r: { log: string }) => r.log);
    expect(logs).toContain(
      "Features imported into environment Development (OVERWRITE_DESTRUCTIVE): 0 created, 2 overwritten, 0 skipped",
    );
    expect(logs).toContain(
      "Features imported into environment Development (SKIP): 1 created, 0 overwritten, 1 skipped",
    );
    expect(logs).toContain("New Flag / Remote Config created: brand-new");
  });

  it("takes the path without the trailing slash, as Flagsmith spells it", async () => {
    const s = await seed();
    const res = await upload(
      s,
      s.environmentId,
      "[]",
      "SKIP",
      `/api/v1/features/feature-import/${s.environmentId}`,
    );
    expect(res.status, res.text).toBe(201);
  });
});

describe("bad files get a clear 400 and write nothing", () => {
  const valid = (name: string) => ({
    name,
    default_enabled: false,
    is_server_key_only: false,
    initial_value: null,
    value: "x",
    type: "unicode",
    enabled: true,
    multivariate: [],
  });

  async function refused(
    s: Seeded,
    content: string | Uint8Array<ArrayBuffer> | null,
    strategy: string | null,
    body: Record<string, unknown>,
  ) {
    const before = await featureNames(s);
    const res = await upload(s, s.environmentId, content, strategy);
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual(body);
    expect(await featureNames(s)).toEqual(before);
    expect(await importCount(s)).toBe(0);
  }

  it("wrong JSON, wrong shape, wrong types, no file, no strategy", async () => {
    const s = await seed();
    await refused(s, "[{", "SKIP", { file: [expect.stringMatching(/^The file is not valid JSON: /)] });
    await refused(s, JSON.stringify({ features: [] }), "SKIP", {
      file: ['file: Expected a list of items but got type "dict".'],
    });
    await refused(s, JSON.stringify([{ ...valid("a"), enabled: undefined }]), "SKIP", {
      file: ["0.enabled: This field is required."],
    });
    await refused(s, JSON.stringify([{ ...valid("a"), type: "int" }]), "SKIP", {
      file: ["0.value: Not a valid value of type int."],
    });
    await refused(s, JSON.stringify([valid("dup"), valid("DUP")]), "SKIP", {
      file: ["The feature DUP appears twice."],
    });
    await refused(s, new Uint8Array([0x5b, 0xff, 0x5d]), "SKIP", { file: ["The file is not UTF-8 text."] });
    await refused(s, null, "SKIP", {
      file: ["The submitted data was not a file. Check the encoding type on the form."],
    });
    await refused(s, "[]", "MERGE", { strategy: ['"MERGE" is not a valid choice.'] });
    await refused(s, "[]", null, { strategy: ["This field is required."] });
  });

  it("a file over 1,000,000 bytes", async () => {
    const s = await seed();
    const big = JSON.stringify([{ ...valid("big"), value: "x".repeat(19_000) }]).padEnd(1_000_001, " ");
    await refused(s, big, "SKIP", { file: ["File size is too large."] });
    // A file of exactly 1,000,000 bytes is read.
    const fits = JSON.stringify([valid("fits")]).padEnd(1_000_000, " ");
    const res = await upload(s, s.environmentId, fits, "SKIP");
    expect(res.status, res.text).toBe(201);
  });

  it("a value over the feature value limit, and a fault halfway through the file, roll back every feature", async () => {
    const s = await seed();
    await refused(s, JSON.stringify([{ ...valid("long"), value: "x".repeat(20_001) }]), "SKIP", {
      file: ["0.value: Ensure this field has no more than 20000 characters."],
    });
    const halfway = [
      valid("first"),
      {
        ...valid("second"),
        ensign: {
          version: 1,
          segment_overrides: [
            {
              segment: { name: "pro", rules: equalsRules() },
              priority: 0,
              enabled: true,
              value: "x",
              type: "unicode",
              multivariate: [{ percentage_allocation: 50, value: "missing", type: "unicode" }],
            },
          ],
        },
      },
    ];
    await refused(s, JSON.stringify(halfway), "SKIP", {
      file: ["A segment override names a variation its feature lacks."],
    });
    const segments = await call(`/api/v1/projects/${s.projectId}/segments/`, { token: s.token });
    expect(segments.body.count).toBe(0);
  });

  it("an unknown environment is not found; a member who is not an organisation admin is refused", async () => {
    const s = await seed();
    const missing = await upload(s, 999999999, "[]", "SKIP");
    expect(missing).toMatchObject({ status: 404, body: NOT_FOUND });
    const stranger = await seed();
    const foreign = await upload(stranger, s.environmentId, "[]", "SKIP");
    expect(foreign).toMatchObject({ status: 404, body: NOT_FOUND });
    const member = await addMember(s.organisationId);
    const denied = await upload(member, s.environmentId, "[]", "SKIP");
    expect(denied).toMatchObject({ status: 403, body: DENIED });
    expect(await importCount(s)).toBe(0);
  });
});
