import { describe, expect, it } from "vitest";
import { call, seed, signUp, unique, type Seeded } from "../support/api";
import { createFeature } from "../support/fixtures";

const DUPLICATE =
  "Feature with that name already exists for this project. Note that feature names are case insensitive.";

const featuresPath = (projectId: number) => `/api/v1/projects/${projectId}/features/`;

async function featureNames(s: Seeded): Promise<string[]> {
  const res = await call(featuresPath(s.projectId), { token: s.token });
  return res.body.results.map((f: { name: string }) => f.name);
}

async function defaultState(s: Seeded, name: string, envKey = s.envKey) {
  const res = await call(`/api/v1/environments/${envKey}/featurestates/?feature_name=${name}`, {
    token: s.token,
  });
  expect(res.body.count).toBe(1);
  return res.body.results[0];
}

async function environmentUpdatedAt(s: Seeded): Promise<string> {
  return (await call(`/api/v1/environments/${s.envKey}/`, { token: s.token })).body.updated_at;
}

describe("creating features", () => {
  it("creates a feature from a name alone, with Flagsmith's fields", async () => {
    const s = await seed();
    const res = await call(featuresPath(s.projectId), { token: s.token, body: { name: "  checkout  " } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: "checkout",
      type: "STANDARD",
      default_enabled: false,
      initial_value: null,
      created_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      description: null,
      tags: [],
      multivariate_options: [],
      is_archived: false,
      owners: [expect.objectContaining({ email: s.email })],
      group_owners: [],
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      project: s.projectId,
      environment_feature_state: null,
      num_segment_overrides: 0,
      num_identity_overrides: null,
      is_num_identity_overrides_complete: true,
      is_server_key_only: false,
      last_modified_in_any_environment: null,
      last_modified_in_current_environment: null,
      metadata: [],
      code_references_counts: [],
      lifecycle_stage: null,
    });
  });

  it("takes every optional field and stringifies initial_value", async () => {
    const s = await seed();
    const feature = await createFeature(s, {
      name: "banner",
      default_enabled: true,
      initial_value: 42,
      description: "Top banner",
      is_archived: true,
      is_server_key_only: true,
    });
    expect(feature).toMatchObject({
      name: "banner",
      default_enabled: true,
      initial_value: "42",
      description: "Top banner",
      tags: [],
      is_archived: true,
      is_server_key_only: true,
    });
    expect((await createFeature(s, { name: "b", initial_value: true })).initial_value).toBe("True");
    expect((await createFeature(s, { name: "c", initial_value: 1.5 })).initial_value).toBe("1.5");
    expect((await createFeature(s, { name: "d", initial_value: 0 })).initial_value).toBe("0");
    expect((await createFeature(s, { name: "e", initial_value: "  padded " })).initial_value).toBe("padded");
  });

  it("creates the default state in every environment, typed from initial_value", async () => {
    const s = await seed();
    const prod = await call("/api/v1/environments/", {
      token: s.token,
      body: { name: "Prod", project: s.projectId },
    });
    await createFeature(s, { name: "limit", default_enabled: true, initial_value: "25" });
    await createFeature(s, { name: "flag", initial_value: "True" });
    await createFeature(s, { name: "text", initial_value: "3.5" });
    for (const key of [s.envKey, prod.body.api_key]) {
      expect(await defaultState(s, "limit", key)).toMatchObject({ enabled: true, feature_state_value: 25 });
      expect(await defaultState(s, "flag", key)).toMatchObject({ enabled: false, feature_state_value: true });
      expect(await defaultState(s, "text", key)).toMatchObject({ feature_state_value: "3.5" });
    }
  });

  it("starts states off and empty when the project prevents flag defaults", async () => {
    const s = await seed();
    await call(`/api/v1/projects/${s.projectId}/`, {
      method: "PATCH",
      token: s.token,
      body: { prevent_flag_defaults: true },
    });
    await createFeature(s, { name: "quiet", default_enabled: true, initial_value: "x" });
    expect(await defaultState(s, "quiet")).toMatchObject({ enabled: false, feature_state_value: null });
  });

  it("creates multivariate options with the feature and their shares in every environment", async () => {
    const s = await seed();
    const feature = await createFeature(s, {
      name: "colour",
      initial_value: "red",
      multivariate_options: [
        { type: "unicode", string_value: "blue", default_percentage_allocation: 30 },
        { type: "int", integer_value: 7, default_percentage_allocation: 20, key: "seven" },
        { type: "bool", boolean_value: true, default_percentage_allocation: 10 },
      ],
    });
    expect(feature.type).toBe("MULTIVARIATE");
    expect(feature.multivariate_options).toEqual([
      {
        id: expect.any(Number),
        uuid: expect.any(String),
        type: "unicode",
        integer_value: null,
        string_value: "blue",
        boolean_value: null,
        default_percentage_allocation: 30,
        key: null,
      },
      expect.objectContaining({ type: "int", integer_value: 7, string_value: null, key: "seven" }),
      expect.objectContaining({ type: "bool", boolean_value: true, default_percentage_allocation: 10 }),
    ]);
    const ids = feature.multivariate_options.map((o: { id: number }) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const state = await defaultState(s, "colour");
    expect(
      state.multivariate_feature_state_values.map(
        (v: { multivariate_feature_option: number; percentage_allocation: number }) => [
          v.multivariate_feature_option,
          v.percentage_allocation,
        ],
      ),
    ).toEqual([
      [ids[0], 30],
      [ids[1], 20],
      [ids[2], 10],
    ]);

    // An environment created later gets the same shares.
    const later = await call("/api/v1/environments/", {
      token: s.token,
      body: { name: "Later", project: s.projectId },
    });
    const laterState = await defaultState(s, "colour", later.body.api_key);
    expect(laterState.multivariate_feature_state_values).toHaveLength(3);
    expect(laterState.feature_state_value).toBe("red");
  });

  it("refuses options whose shares total more than 100 and writes nothing", async () => {
    const s = await seed();
    const res = await call(featuresPath(s.projectId), {
      token: s.token,
      body: {
        name: "split",
        multivariate_options: [
          { string_value: "a", default_percentage_allocation: 60 },
          { string_value: "b" },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ multivariate_options: ["Invalid percentage allocation"] });
    expect(await featureNames(s)).toEqual([]);
  });

  it("refuses a duplicate name case-insensitively and writes nothing", async () => {
    const s = await seed();
    await createFeature(s, { name: "Dark_Mode" });
    const before = await environmentUpdatedAt(s);
    const res = await call(featuresPath(s.projectId), { token: s.token, body: { name: "dark_mode" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ name: [DUPLICATE] });
    expect(await featureNames(s)).toEqual(["Dark_Mode"]);
    expect(await environmentUpdatedAt(s)).toBe(before);
  });

  it("reports every field error at once", async () => {
    const s = await seed();
    await createFeature(s, { name: "taken" });
    const res = await call(featuresPath(s.projectId), {
      token: s.token,
      body: {
        name: "TAKEN",
        multivariate_options: [{ default_percentage_allocation: 80 }, { default_percentage_allocation: 80 }],
      },
    });
    expect(res.body).toEqual({ name: [DUPLICATE], multivariate_options: ["Invalid percentage allocation"] });
  });

  it("validates types with DRF's messages", async () => {
    const s = await seed();
    const cases: [unknown, Record<string, unknown>][] = [
      [{}, { name: ["This field is required."] }],
      [{ name: "   " }, { name: ["This field may not be blank."] }],
      [{ name: 5 }, { name: ["Not a valid string."] }],
      [{ name: "x", initial_value: false }, { initial_value: ["Not a valid string."] }],
      [{ name: "x", initial_value: { a: 1 } }, { initial_value: ["Not a valid string."] }],
      [{ name: "x", default_enabled: "maybe" }, { default_enabled: ["Must be a valid boolean."] }],
      [{ name: "x", type: "FANCY" }, { type: ['"FANCY" is not a valid choice.'] }],
      [{ name: "x", tags: "a" }, { tags: ['Expected a list of items but got type "str".'] }],
      [
        { name: "x", multivariate_options: [{ integer_value: "seven", type: "int" }] },
        { multivariate_options: [{ integer_value: ["A valid integer is required."] }] },
      ],
      [
        { name: "x", multivariate_options: [{ default_percentage_allocation: 101 }] },
        {
          multivariate_options: [
            { default_percentage_allocation: ["Ensure this value is less than or equal to 100."] },
          ],
        },
      ],
      [[{ name: "x" }], { non_field_errors: ["Invalid data. Expected a dictionary, but got list."] }],
    ];
    for (const [body, expected] of cases) {
      const res = await call(featuresPath(s.projectId), { token: s.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual(expected);
    }
    expect(await featureNames(s)).toEqual([]);
  });

  it("answers malformed JSON with 400 and writes nothing", async () => {
    const s = await seed();
    const res = await call(featuresPath(s.projectId), { token: s.token, rawBody: '{"name": "x",' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^JSON parse error - /);
    expect(await featureNames(s)).toEqual([]);
  });

  it("bumps the environments' revision", async () => {
    const s = await seed();
    const before = await environmentUpdatedAt(s);
    await createFeature(s, { name: "bump" });
    expect(await environmentUpdatedAt(s)).not.toBe(before);
  });
});

describe("tenant scope", () => {
  it("needs a token", async () => {
    const s = await seed();
    const res = await call(featuresPath(s.projectId));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "Authentication credentials were not provided." });
  });

  it("hides another user's project and features with 404 and writes nothing", async () => {
    const s = await seed();
    const feature = await createFeature(s, { name: "private" });
    const other = await signUp();
    const paths = [featuresPath(s.projectId), `${featuresPath(s.projectId)}${feature.id}/`];
    for (const path of paths) {
      const res = await call(path, { token: other.token });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ detail: "Not found." });
    }
    expect(
      (await call(featuresPath(s.projectId), { token: other.token, body: { name: "sneaky" } })).status,
    ).toBe(404);
    const patch = await call(`${featuresPath(s.projectId)}${feature.id}/`, {
      method: "PATCH",
      token: other.token,
      body: { description: "mine" },
    });
    expect(patch.status).toBe(404);
    expect(
      (await call(`${featuresPath(s.projectId)}${feature.id}/`, { method: "DELETE", token: other.token }))
        .status,
    ).toBe(404);
    expect(await featureNames(s)).toEqual(["private"]);
    expect(
      (await call(`${featuresPath(s.projectId)}${feature.id}/`, { token: s.token })).body.description,
    ).toBeNull();
  });

  it("answers 404 for unknown ids and for a feature of another project", async () => {
    const s = await seed();
    const project2 = await call("/api/v1/projects/", {
      token: s.token,
      body: { name: unique("p2"), organisation: s.organisationId },
    });
    const feature = await createFeature(s, { name: "here" });
    expect((await call(`${featuresPath(s.projectId)}999999/`, { token: s.token })).status).toBe(404);
    expect((await call(`${featuresPath(s.projectId)}abc/`, { token: s.token })).status).toBe(404);
    expect((await call(`${featuresPath(project2.body.id)}${feature.id}/`, { token: s.token })).status).toBe(
      404,
    );
  });
});

describe("listing features", () => {
  it("pages with page_size up to 999", async () => {
    const s = await seed();
    for (const name of ["a1", "a2", "a3"]) await createFeature(s, { name });
    const page1 = await call(`${featuresPath(s.projectId)}?page_size=2`, { token: s.token });
    expect(page1.status).toBe(200);
    expect(page1.body.count).toBe(3);
    expect(page1.body.results.map((f: { name: string }) => f.name)).toEqual(["a1", "a2"]);
    expect(page1.body.previous).toBeNull();
    expect(page1.body.next).toMatch(/^http.*\/features\/\?page_size=2&page=2$/);
    const page2 = await call(`${featuresPath(s.projectId)}?page_size=2&page=2`, { token: s.token });
    expect(page2.body.results.map((f: { name: string }) => f.name)).toEqual(["a3"]);
    expect(page2.body.next).toBeNull();
    const past = await call(`${featuresPath(s.projectId)}?page_size=2&page=3`, { token: s.token });
    expect(past.status).toBe(404);
    expect(past.body).toEqual({ detail: "Invalid page." });
    // DRF caps page_size at 999 instead of refusing it.
    const tooBig = await call(`${featuresPath(s.projectId)}?page_size=1000`, { token: s.token });
    expect(tooBig.status).toBe(200);
    expect(tooBig.body.results).toHaveLength(3);
  });

  it("searches, filters archived and sorts", async () => {
    const s = await seed();
    await createFeature(s, { name: "beta_search" });
    await createFeature(s, { name: "Alpha_Search", is_archived: true });
    await createFeature(s, { name: "gamma" });
    const names = async (query: string) =>
      (await call(`${featuresPath(s.projectId)}?${query}`, { token: s.token })).body.results.map(
        (f: { name: string }) => f.name,
      );
    expect(await names("search=SEARCH")).toEqual(["beta_search", "Alpha_Search"]);
    expect(await names("is_archived=true")).toEqual(["Alpha_Search"]);
    expect(await names("is_archived=false")).toEqual(["beta_search", "gamma"]);
    expect(await names("sort_field=name")).toEqual(["Alpha_Search", "beta_search", "gamma"]);
    expect(await names("sort_field=name&sort_direction=DESC")).toEqual([
      "gamma",
      "beta_search",
      "Alpha_Search",
    ]);
    expect(await names("sort_field=created_date&sort_direction=DESC")).toEqual([
      "gamma",
      "Alpha_Search",
      "beta_search",
    ]);
    const bad = await call(`${featuresPath(s.projectId)}?sort_field=size&is_archived=perhaps`, {
      token: s.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      sort_field: ['"size" is not a valid choice.'],
      is_archived: ["Must be a valid boolean."],
    });
  });

  it("shows each feature in the context of ?environment=", async () => {
    const s = await seed();
    const feature = await createFeature(s, { name: "ctx", default_enabled: true, initial_value: "9" });
    const state = await defaultState(s, "ctx");
    const res = await call(`${featuresPath(s.projectId)}?environment=${s.environmentId}`, { token: s.token });
    expect(res.body.results[0]).toMatchObject({
      id: feature.id,
      environment_feature_state: {
        id: state.id,
        feature_state_value: 9,
        environment: s.environmentId,
        identity: null,
        feature_segment: null,
        enabled: true,
      },
      num_segment_overrides: 0,
      num_identity_overrides: 0,
    });
    const detail = await call(`${featuresPath(s.projectId)}${feature.id}/?environment=${s.environmentId}`, {
      token: s.token,
    });
    expect(detail.body.environment_feature_state.id).toBe(state.id);
    const created = await createFeature(s, { name: "ctx2" }, `?environment=${s.environmentId}`);
    expect(created.environment_feature_state).toMatchObject({ enabled: false, feature_state_value: null });

    const other = await seed();
    const foreign = await call(`${featuresPath(s.projectId)}?environment=${other.environmentId}`, {
      token: s.token,
    });
    // An environment named in the query answers 403 when not viewable (tests/api/hardening-access.test.ts).
    expect(foreign.status).toBe(403);
  });

  it("filters by state in an environment, and needs the environment to", async () => {
    const s = await seed();
    await createFeature(s, { name: "on", default_enabled: true, initial_value: "Hello World" });
    await createFeature(s, { name: "off", initial_value: "12" });
    const names = async (query: string) =>
      (
        await call(`${featuresPath(s.projectId)}?environment=${s.environmentId}&${query}`, { token: s.token })
      ).body.results.map((f: { name: string }) => f.name);
    expect(await names("is_enabled=true")).toEqual(["on"]);
    expect(await names("value_search=hello")).toEqual(["on"]);
    expect(await names("value_search=12")).toEqual(["off"]);
    const res = await call(`${featuresPath(s.projectId)}?is_enabled=true`, { token: s.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual([
      "Environment is required in order to filter by state search or by state enabled",
    ]);
  });
});

describe("updating and deleting features", () => {
  it("updates description, archive and server-key flags but never the name or defaults", async () => {
    const s = await seed();
    const feature = await createFeature(s, { name: "keep", initial_value: "1" });
    const before = await environmentUpdatedAt(s);
    const path = `${featuresPath(s.projectId)}${feature.id}/`;
    const res = await call(path, {
      method: "PUT",
      token: s.token,
      body: {
        name: "renamed",
        initial_value: "2",
        default_enabled: true,
        description: "Why",
        is_server_key_only: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "keep",
      initial_value: "1",
      default_enabled: false,
      description: "Why",
      is_server_key_only: true,
    });
    const patched = await call(path, { method: "PATCH", token: s.token, body: { is_archived: true } });
    expect(patched.body).toMatchObject({ description: "Why", is_archived: true });
    expect(await environmentUpdatedAt(s)).not.toBe(before);
    const bad = await call(path, { method: "PATCH", token: s.token, body: { is_archived: "sometimes" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ is_archived: ["Must be a valid boolean."] });
    expect((await call(path, { token: s.token })).body.is_archived).toBe(true);
  });

  it("replaces multivariate options sent with an update", async () => {
    const s = await seed();
    const feature = await createFeature(s, {
      name: "mv",
      multivariate_options: [
        { string_value: "a", default_percentage_allocation: 50 },
        { string_value: "b", default_percentage_allocation: 50 },
      ],
    });
    const [a] = feature.multivariate_options;
    const path = `${featuresPath(s.projectId)}${feature.id}/`;
    const res = await call(path, {
      method: "PATCH",
      token: s.token,
      body: {
        multivariate_options: [
          { id: a.id, string_value: "a2", default_percentage_allocation: 40 },
          { string_value: "c", default_percentage_allocation: 20 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.multivariate_options.map((o: { string_value: string }) => o.string_value)).toEqual([
      "a2",
      "c",
    ]);
    const state = await defaultState(s, "mv");
    // The kept option keeps its environment share; the new one gets its default.
    expect(
      state.multivariate_feature_state_values.map(
        (v: { percentage_allocation: number }) => v.percentage_allocation,
      ),
    ).toEqual([50, 20]);

    const unknown = await call(path, {
      method: "PATCH",
      token: s.token,
      body: { multivariate_options: [{ id: 99999999, string_value: "x" }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      multivariate_options: [{ id: ['Invalid pk "99999999" - object does not exist.'] }],
    });
    const tooMuch = await call(path, {
      method: "PATCH",
      token: s.token,
      body: {
        multivariate_options: [{ string_value: "x", default_percentage_allocation: 70 }, { id: a.id }],
      },
    });
    expect(tooMuch.body).toEqual({ multivariate_options: ["Invalid percentage allocation"] });

    const cleared = await call(path, { method: "PATCH", token: s.token, body: { multivariate_options: [] } });
    expect(cleared.body).toMatchObject({ type: "STANDARD", multivariate_options: [] });
    expect((await defaultState(s, "mv")).multivariate_feature_state_values).toEqual([]);
  });

  it("deletes a feature with its states", async () => {
    const s = await seed();
    const feature = await createFeature(s, { name: "gone" });
    const path = `${featuresPath(s.projectId)}${feature.id}/`;
    const res = await call(path, { method: "DELETE", token: s.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await call(path, { token: s.token })).status).toBe(404);
    const states = await call(`/api/v1/environments/${s.envKey}/featurestates/?feature_name=gone`, {
      token: s.token,
    });
    expect(states.body.count).toBe(0);
    // The name is free again.
    expect((await call(featuresPath(s.projectId), { token: s.token, body: { name: "GONE" } })).status).toBe(
      201,
    );
  });
});
