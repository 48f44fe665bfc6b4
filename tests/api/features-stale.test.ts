// The features list's Ensign extensions: last_changed and is_stale on each feature, ?is_stale=
// and sort_field=last_changed, and the project's stale_flags_limit_days that decides staleness.
// A feature is made old by writing its timestamps straight into the test database.
import { describe, expect, inject, it } from "vitest";
import { call, seed, signUp, unique, type Seeded } from "../support/api";
import { rawQuery } from "../support/raw-query";
import { createFeature } from "../support/fixtures";

const featuresPath = (projectId: number, query = "") => `/api/v1/projects/${projectId}/features/${query}`;
const projectPath = (projectId: number) => `/api/v1/projects/${projectId}/`;

/** The same text is a valid DateTime on both stores (Prisma's SQLite adapter writes this form). */
const stored = (iso: string) => new Date(iso).toISOString().replace("Z", "+00:00");

/** Dates the feature's definition and every version of it at `iso`. */
async function age(featureId: number, iso: string) {
  const url = inject("databaseUrl");
  await rawQuery(url, `UPDATE "Feature" SET "updatedAt" = '${stored(iso)}' WHERE "id" = ${featureId}`);
  await rawQuery(
    url,
    `UPDATE "FeatureVersion" SET "createdAt" = '${stored(iso)}' WHERE "featureId" = ${featureId}`,
  );
}

async function list(s: Seeded, query: string) {
  const res = await call(featuresPath(s.projectId, query), { token: s.token });
  expect(res.status).toBe(200);
  return res.body as {
    count: number;
    results: { id: number; name: string; last_changed: string; is_stale: boolean }[];
  };
}

const names = async (s: Seeded, query: string) => (await list(s, query)).results.map((f) => f.name);

async function defaultStateId(s: Seeded, featureId: number) {
  const res = await call(`/api/v1/environments/${s.envKey}/featurestates/?feature=${featureId}`, {
    token: s.token,
  });
  return res.body.results[0].id as number;
}

describe("stale_flags_limit_days on projects", () => {
  it("defaults to 30 and is set on create, PUT and PATCH", async () => {
    const s = await seed();
    expect((await call(projectPath(s.projectId), { token: s.token })).body.stale_flags_limit_days).toBe(30);
    const created = await call("/api/v1/projects/", {
      token: s.token,
      body: { name: unique("p"), organisation: s.organisationId, stale_flags_limit_days: 7 },
    });
    expect(created.status).toBe(201);
    expect(created.body.stale_flags_limit_days).toBe(7);
    const put = await call(projectPath(s.projectId), {
      method: "PUT",
      token: s.token,
      body: { name: "Renamed", stale_flags_limit_days: 3650 },
    });
    expect(put.status).toBe(200);
    expect(put.body.stale_flags_limit_days).toBe(3650);
    const patch = await call(projectPath(s.projectId), {
      method: "PATCH",
      token: s.token,
      body: { stale_flags_limit_days: 1 },
    });
    expect(patch.body).toMatchObject({ name: "Renamed", stale_flags_limit_days: 1 });
    // A PATCH without the field keeps it.
    await call(projectPath(s.projectId), { method: "PATCH", token: s.token, body: { name: "Again" } });
    expect((await call(projectPath(s.projectId), { token: s.token })).body.stale_flags_limit_days).toBe(1);
  });

  it("refuses values out of 1..3650 or not integers with a field error, and writes nothing", async () => {
    const s = await seed();
    const cases: [unknown, string][] = [
      [0, "Ensure this value is greater than or equal to 1."],
      [-5, "Ensure this value is greater than or equal to 1."],
      [3651, "Ensure this value is less than or equal to 3650."],
      [1.5, "A valid integer is required."],
      ["ten", "A valid integer is required."],
      [null, "This field may not be null."],
    ];
    for (const [value, message] of cases) {
      const res = await call(projectPath(s.projectId), {
        method: "PATCH",
        token: s.token,
        body: { name: "Changed", stale_flags_limit_days: value },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ stale_flags_limit_days: [message] });
      const created = await call("/api/v1/projects/", {
        token: s.token,
        body: { name: "Refused", organisation: s.organisationId, stale_flags_limit_days: value },
      });
      expect(created.status).toBe(400);
      expect(created.body).toEqual({ stale_flags_limit_days: [message] });
    }
    const project = (await call(projectPath(s.projectId), { token: s.token })).body;
    expect(project.stale_flags_limit_days).toBe(30);
    expect(project.name).not.toBe("Changed");
    const projects = await call(`/api/v1/projects/?organisation=${s.organisationId}`, { token: s.token });
    expect(projects.body.map((p: { name: string }) => p.name)).not.toContain("Refused");
  });
});

describe("stale and last changed in the features list", () => {
  it("marks features unchanged for longer than the limit stale, unless a permanent tag is on them", async () => {
    const s = await seed();
    const permanent = await call(`/api/v1/projects/${s.projectId}/tags/`, {
      token: s.token,
      body: { label: "keep", color: "#000000", is_permanent: true },
    });
    const ordinary = await call(`/api/v1/projects/${s.projectId}/tags/`, {
      token: s.token,
      body: { label: "other", color: "#000000" },
    });
    const old = (await createFeature(s, { name: "old" })).id;
    const kept = (await createFeature(s, { name: "kept", tags: [permanent.body.id] })).id;
    const tagged = (await createFeature(s, { name: "tagged", tags: [ordinary.body.id] })).id;
    await createFeature(s, { name: "fresh" });
    await age(old, "2020-01-02T03:04:05Z");
    await age(kept, "2020-01-02T03:04:05Z");
    await age(tagged, "2020-01-02T03:04:05Z");

    const all = await list(s, "");
    const byName = new Map(all.results.map((f) => [f.name, f]));
    expect(byName.get("old")).toMatchObject({ is_stale: true, last_changed: "2020-01-02T03:04:05.000Z" });
    expect(byName.get("kept")).toMatchObject({ is_stale: false, last_changed: "2020-01-02T03:04:05.000Z" });
    expect(byName.get("tagged")).toMatchObject({ is_stale: true });
    expect(byName.get("fresh")!.is_stale).toBe(false);
    expect(Date.now() - Date.parse(byName.get("fresh")!.last_changed)).toBeLessThan(3600_000);

    const stale = await list(s, "?is_stale=true");
    expect(stale.count).toBe(2);
    expect(stale.results.map((f) => f.name)).toEqual(["old", "tagged"]);
    expect(await names(s, "?is_stale=false")).toEqual(["kept", "fresh"]);
    expect(await names(s, "?is_stale=False&sort_field=name&sort_direction=DESC")).toEqual(["kept", "fresh"]);

    // The project's limit decides: ten years make 2020 recent.
    await call(projectPath(s.projectId), {
      method: "PATCH",
      token: s.token,
      body: { stale_flags_limit_days: 3650 },
    });
    expect(await names(s, "?is_stale=true")).toEqual([]);
  });

  it("counts a change of a default state or a segment override in any environment, and the definition", async () => {
    const s = await seed();
    const second = await call("/api/v1/environments/", {
      token: s.token,
      body: { name: "Production", project: s.projectId },
    });
    const byState = (await createFeature(s, { name: "by-state" })).id;
    const byOverride = (await createFeature(s, { name: "by-override" })).id;
    const byDefinition = (await createFeature(s, { name: "by-definition" })).id;
    // A segment of the first environment, linked before the feature gets old.
    const segment = await call(`/api/v1/projects/${s.projectId}/segments/`, {
      token: s.token,
      body: {
        name: unique("seg"),
        project: s.projectId,
        rules: [
          {
            type: "ALL",
            rules: [{ type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value: "pro" }] }],
          },
        ],
      },
    });
    expect(segment.status).toBe(201);
    const link = await call("/api/v1/features/feature-segments/", {
      token: s.token,
      body: { feature: byOverride, segment: segment.body.id, environment: s.environmentId },
    });
    expect(link.status).toBe(201);

    for (const id of [byState, byOverride, byDefinition]) await age(id, "2021-06-01T00:00:00Z");
    expect(await names(s, "?is_stale=true")).toEqual(["by-state", "by-override", "by-definition"]);

    // The default state in the second environment.
    const other: Seeded = { ...s, envKey: second.body.api_key, environmentId: second.body.id };
    const stateId = await defaultStateId(other, byState);
    const patched = await call(`/api/v1/environments/${other.envKey}/featurestates/${stateId}/`, {
      method: "PATCH",
      token: s.token,
      body: { enabled: true },
    });
    expect(patched.status).toBe(200);

    // The override's state in the first environment.
    const override = await call("/api/v1/features/featurestates/", {
      token: s.token,
      body: {
        feature: byOverride,
        feature_segment: link.body.id,
        environment: s.environmentId,
        enabled: true,
        feature_state_value: { type: "unicode", string_value: "for pros" },
      },
    });
    expect(override.status).toBe(201);

    const described = await call(featuresPath(s.projectId, `${byDefinition}/`), {
      method: "PATCH",
      token: s.token,
      body: { description: "now documented" },
    });
    expect(described.status).toBe(200);

    const after = await list(s, "");
    expect(after.results.filter((f) => f.is_stale).map((f) => f.name)).toEqual([]);
    for (const feature of after.results) {
      expect(Date.parse(feature.last_changed)).toBeGreaterThan(Date.parse("2025-01-01T00:00:00Z"));
    }

    // Flagsmith's own fields: the latest published version, anywhere and in ?environment=.
    const recent = (iso: string | null) =>
      iso !== null && Date.parse(iso) > Date.parse("2025-01-01T00:00:00Z");
    const versions = async (query: string) => {
      const res = await call(featuresPath(s.projectId, query), { token: s.token });
      expect(res.status).toBe(200);
      type Row = {
        name: string;
        last_modified_in_any_environment: string | null;
        last_modified_in_current_environment: string | null;
      };
      return Object.fromEntries(
        (res.body.results as Row[]).map((f) => [
          f.name,
          [recent(f.last_modified_in_any_environment), recent(f.last_modified_in_current_environment)],
        ]),
      );
    };
    expect(await versions(`?environment=${second.body.id}`)).toEqual({
      "by-state": [true, true],
      "by-override": [true, false],
      "by-definition": [false, false],
    });
    expect(await versions(`?environment=${s.environmentId}`)).toEqual({
      "by-state": [true, false],
      "by-override": [true, true],
      "by-definition": [false, false],
    });
    expect((await versions(""))["by-state"]).toEqual([true, false]);
  });

  it("does not take reading a feature's history for a change", async () => {
    const s = await seed();
    const id = (await createFeature(s, { name: "legacy" })).id;
    await age(id, "2020-05-05T00:00:00Z");
    // As a feature from before versioning: no versions at all.
    await rawQuery(inject("databaseUrl"), `DELETE FROM "FeatureVersion" WHERE "featureId" = ${id}`);
    const history = await call(`/api/v1/environments/${s.envKey}/features/${id}/versions/`, {
      token: s.token,
    });
    expect(history.status).toBe(200);
    expect(history.body.count).toBe(1);
    expect((await list(s, "")).results[0]).toMatchObject({
      is_stale: true,
      last_changed: "2020-05-05T00:00:00.000Z",
    });
  });

  it("sorts by last change both ways, ties by id, with paging, counts and other filters", async () => {
    const s = await seed();
    const a = (await createFeature(s, { name: "a" })).id;
    const b = (await createFeature(s, { name: "b" })).id;
    const c = (await createFeature(s, { name: "c" })).id;
    const d = (await createFeature(s, { name: "d", is_archived: true })).id;
    await age(a, "2022-03-01T00:00:00Z");
    await age(b, "2021-03-01T00:00:00Z");
    await age(c, "2022-03-01T00:00:00Z");
    await age(d, "2020-03-01T00:00:00Z");

    expect(await names(s, "?sort_field=last_changed")).toEqual(["d", "b", "a", "c"]);
    expect(await names(s, "?sort_field=last_changed&sort_direction=DESC")).toEqual(["c", "a", "b", "d"]);
    // Flagsmith's keys stay the default.
    expect(await names(s, "?sort_field=name&sort_direction=DESC")).toEqual(["d", "c", "b", "a"]);
    expect(await names(s, "")).toEqual(["a", "b", "c", "d"]);

    const page2 = await list(s, "?sort_field=last_changed&page_size=2&page=2");
    expect(page2.count).toBe(4);
    expect(page2.results.map((f) => f.name)).toEqual(["a", "c"]);
    expect(
      (
        await call(featuresPath(s.projectId, "?sort_field=last_changed&page_size=2&page=3"), {
          token: s.token,
        })
      ).status,
    ).toBe(404);

    const live = await list(s, "?sort_field=last_changed&is_archived=false&is_stale=true&page_size=1");
    expect(live.count).toBe(3);
    expect(live.results.map((f) => f.name)).toEqual(["b"]);
    expect(await names(s, "?search=A&sort_field=last_changed&is_stale=true")).toEqual(["a"]);
  });

  it("refuses a bad is_stale or sort_field with Flagsmith's field messages", async () => {
    const s = await seed();
    const res = await call(featuresPath(s.projectId, "?is_stale=perhaps&sort_field=changed"), {
      token: s.token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      is_stale: ["Must be a valid boolean."],
      sort_field: ['"changed" is not a valid choice.'],
    });
  });

  it("shows another user's project as not found", async () => {
    const s = await seed();
    const other = await signUp();
    const res = await call(featuresPath(s.projectId, "?is_stale=true"), { token: other.token });
    expect(res.status).toBe(404);
  });
});
