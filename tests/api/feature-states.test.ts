import { describe, expect, it } from "vitest";
import { call, seed, signUp, type Seeded } from "../support/api";
import { createFeature } from "../support/fixtures";

const statesPath = (s: Seeded) => `/api/v1/environments/${s.envKey}/featurestates/`;

async function stateOf(s: Seeded, name: string) {
  const res = await call(`${statesPath(s)}?feature_name=${encodeURIComponent(name)}`, { token: s.token });
  expect(res.body.count).toBe(1);
  return res.body.results[0];
}

async function patchState(s: Seeded, id: number, body: unknown, method = "PATCH") {
  return call(`${statesPath(s)}${id}/`, { method, token: s.token, body });
}

describe("listing feature states", () => {
  it("lists the environment defaults with Flagsmith's fields, by exact name in any case", async () => {
    const s = await seed();
    const feature = await createFeature(s, {
      name: "New_Checkout",
      default_enabled: true,
      initial_value: "7",
    });
    await createFeature(s, { name: "new_checkout_v2" });
    const res = await call(`${statesPath(s)}?feature_name=new_checkout`, { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: expect.any(Number),
          uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
          feature_state_value: 7,
          multivariate_feature_state_values: [],
          enabled: true,
          created_at: expect.any(String),
          updated_at: expect.any(String),
          live_from: expect.any(String),
          version: 1,
          deleted_at: null,
          feature: feature.id,
          environment: s.environmentId,
          identity: null,
          feature_segment: null,
          change_request: null,
          environment_feature_version: null,
        },
      ],
    });
    const byId = await call(`${statesPath(s)}?feature=${feature.id}`, { token: s.token });
    expect(byId.body.results.map((r: { feature: number }) => r.feature)).toEqual([feature.id]);
    const none = await call(`${statesPath(s)}?feature_name=checkout`, { token: s.token });
    expect(none.body.count).toBe(0);
    const all = await call(`${statesPath(s)}?feature=&feature_name=`, { token: s.token });
    expect(all.body.count).toBe(2);
    const badId = await call(`${statesPath(s)}?feature=abc`, { token: s.token });
    expect(badId.status).toBe(400);
    expect(badId.body).toEqual({ feature: ["A valid integer is required."] });
  });

  it("lists identity overrides instead with ?anyIdentity, and never on the detail route", async () => {
    const s = await seed();
    const feature = await createFeature(s, { name: "personal" });
    const identity = await call(`/api/v1/environments/${s.envKey}/identities/`, {
      token: s.token,
      body: { identifier: "ada" },
    });
    const override = await call(
      `/api/v1/environments/${s.envKey}/identities/${identity.body.id}/featurestates/`,
      {
        token: s.token,
        body: { feature: feature.id, enabled: true, feature_state_value: "mine" },
      },
    );
    expect(override.status).toBe(201);
    const res = await call(`${statesPath(s)}?anyIdentity=1`, { token: s.token });
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({
      id: override.body.id,
      identity: { id: identity.body.id, identifier: "ada" },
      feature_state_value: "mine",
    });
    expect((await call(statesPath(s), { token: s.token })).body.count).toBe(1);
    expect((await call(`${statesPath(s)}${override.body.id}/`, { token: s.token })).status).toBe(404);
    const listed = await call(`/api/v1/projects/${s.projectId}/features/?environment=${s.environmentId}`, {
      token: s.token,
    });
    expect(listed.body.results[0]).toMatchObject({ num_identity_overrides: 1, num_segment_overrides: 0 });
  });

  it("pages by 10", async () => {
    const s = await seed();
    for (let i = 0; i < 11; i++) await createFeature(s, { name: `f${i}` });
    const page1 = await call(statesPath(s), { token: s.token });
    expect(page1.body.count).toBe(11);
    expect(page1.body.results).toHaveLength(10);
    expect(page1.body.next).toMatch(/featurestates\/\?page=2$/);
    const page2 = await call(`${statesPath(s)}?page=2`, { token: s.token });
    expect(page2.body.results).toHaveLength(1);
    expect(page2.body.previous).toMatch(/featurestates\/$/);
    const past = await call(`${statesPath(s)}?page=3`, { token: s.token });
    expect(past.status).toBe(404);
    expect(past.body).toEqual({ detail: "Invalid page." });
  });

  it("answers 403 on the list and 404 on a state for an unknown or invisible environment", async () => {
    const s = await seed();
    await createFeature(s, { name: "secret" });
    const state = await stateOf(s, "secret");
    const other = await signUp();
    for (const key of [s.envKey, "nosuchkey1234567890123"]) {
      const list = await call(`/api/v1/environments/${key}/featurestates/`, { token: other.token });
      expect(list.status).toBe(403);
      expect(list.body).toEqual({ detail: "You do not have permission to perform this action." });
      const one = await call(`/api/v1/environments/${key}/featurestates/${state.id}/`, {
        token: other.token,
      });
      expect(one.status).toBe(404);
      expect(one.body).toEqual({ detail: "Environment not found." });
    }
    const write = await call(`${statesPath(s)}${state.id}/`, {
      method: "PATCH",
      token: other.token,
      body: { enabled: true },
    });
    expect(write.status).toBe(404);
    expect((await stateOf(s, "secret")).enabled).toBe(false);
    expect((await call(statesPath(s))).status).toBe(401);
  });

  it("answers 404 for an unknown state or one of another environment", async () => {
    const s = await seed();
    await createFeature(s, { name: "x" });
    const prod = await call("/api/v1/environments/", {
      token: s.token,
      body: { name: "Prod", project: s.projectId },
    });
    const prodState = (
      await call(`/api/v1/environments/${prod.body.api_key}/featurestates/`, { token: s.token })
    ).body.results[0];
    for (const id of [99999999, prodState.id]) {
      const res = await call(`${statesPath(s)}${id}/`, { token: s.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Not found." });
    }
    expect((await call(`${statesPath(s)}abc/`, { token: s.token })).status).toBe(404);
  });
});

describe("updating feature states", () => {
  it("types the value by its JSON type and answers the full state to PATCH and PUT", async () => {
    const s = await seed();
    await createFeature(s, { name: "typed" });
    const state = await stateOf(s, "typed");
    const cases: [unknown, unknown][] = [
      ["hello", "hello"],
      [42, 42],
      [-2147483648, -2147483648],
      [2147483647, 2147483647],
      [2147483648, "2147483648"],
      [true, true],
      [false, false],
      [1.5, "1.5"],
      [1e-7, "1e-07"],
      ["", ""],
      [null, null],
    ];
    for (const [sent, shown] of cases) {
      const res = await patchState(s, state.id, { enabled: true, feature_state_value: sent });
      expect(res.status, JSON.stringify(sent)).toBe(200);
      expect(res.body.feature_state_value, JSON.stringify(sent)).toEqual(shown);
      expect((await stateOf(s, "typed")).feature_state_value).toEqual(shown);
    }
    const put = await patchState(s, state.id, { enabled: false }, "PUT");
    expect(put.body).toMatchObject({
      id: state.id,
      enabled: false,
      feature_state_value: null,
      feature: state.feature,
    });
    const got = await call(`${statesPath(s)}${state.id}/`, { token: s.token });
    expect(got.body).toEqual(put.body);
  });

  it("refuses objects, arrays and wrong types and writes nothing", async () => {
    const s = await seed();
    await createFeature(s, { name: "strict", initial_value: "keep" });
    const state = await stateOf(s, "strict");
    const cases: [unknown, Record<string, unknown>][] = [
      [{ feature_state_value: { a: 1 } }, { feature_state_value: ["Not a valid string."] }],
      [{ feature_state_value: [1, 2] }, { feature_state_value: ["Not a valid string."] }],
      [
        { feature_state_value: "x".repeat(20001) },
        { feature_state_value: ["Ensure this field has no more than 20000 characters."] },
      ],
      [{ enabled: "yes please" }, { enabled: ["Must be a valid boolean."] }],
      [
        { enabled: true, multivariate_feature_state_values: {} },
        { multivariate_feature_state_values: ['Expected a list of items but got type "dict".'] },
      ],
      [
        { multivariate_feature_state_values: [{ multivariate_feature_option: 1 }] },
        { multivariate_feature_state_values: [{ percentage_allocation: ["This field is required."] }] },
      ],
      [[1], { non_field_errors: ["Invalid data. Expected a dictionary, but got list."] }],
    ];
    for (const [body, expected] of cases) {
      const res = await patchState(s, state.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toEqual(expected);
    }
    const malformed = await call(`${statesPath(s)}${state.id}/`, {
      method: "PATCH",
      token: s.token,
      rawBody: "{enabled: true}",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/^JSON parse error - /);
    expect(await stateOf(s, "strict")).toMatchObject({
      enabled: false,
      feature_state_value: "keep",
      updated_at: state.updated_at,
    });
  });

  it("replaces multivariate shares, up to 100 in total", async () => {
    const s = await seed();
    const feature = await createFeature(s, {
      name: "mvstate",
      multivariate_options: [
        { string_value: "a", default_percentage_allocation: 30 },
        { string_value: "b", default_percentage_allocation: 30 },
      ],
    });
    const [a, b] = feature.multivariate_options.map((o: { id: number }) => o.id);
    const state = await stateOf(s, "mvstate");
    const res = await patchState(
      s,
      state.id,
      {
        multivariate_feature_state_values: [{ multivariate_feature_option: b, percentage_allocation: 55.5 }],
      },
      "PUT",
    );
    expect(res.status).toBe(200);
    expect(res.body.multivariate_feature_state_values).toEqual([
      {
        id: expect.any(Number),
        uuid: expect.any(String),
        multivariate_feature_option: b,
        percentage_allocation: 55.5,
      },
    ]);

    const over = await patchState(s, state.id, {
      enabled: true,
      multivariate_feature_state_values: [
        { multivariate_feature_option: a, percentage_allocation: 60 },
        { multivariate_feature_option: b, percentage_allocation: 41 },
      ],
    });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ non_field_errors: ["Multivariate percentage values exceed 100%."] });

    const sibling = await createFeature(s, {
      name: "other",
      multivariate_options: [{ string_value: "z", default_percentage_allocation: 0 }],
    });
    const wrong = await patchState(s, state.id, {
      multivariate_feature_state_values: [
        { multivariate_feature_option: a, percentage_allocation: 10 },
        { multivariate_feature_option: sibling.multivariate_options[0].id, percentage_allocation: 10 },
        { multivariate_feature_option: 99999999, percentage_allocation: 10 },
      ],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      multivariate_feature_state_values: [
        {},
        {
          multivariate_feature_option: [
            `Invalid pk "${sibling.multivariate_options[0].id}" - object does not exist.`,
          ],
        },
        { multivariate_feature_option: ['Invalid pk "99999999" - object does not exist.'] },
      ],
    });

    const stranger = await seed();
    const theirs = await createFeature(stranger, {
      name: "theirs",
      multivariate_options: [{ string_value: "q", default_percentage_allocation: 0 }],
    });
    const forbidden = await patchState(s, state.id, {
      multivariate_feature_state_values: [
        { multivariate_feature_option: theirs.multivariate_options[0].id, percentage_allocation: 1 },
      ],
    });
    // Another tenant's option answers as one that does not exist (issue 14).
    expect(forbidden.status).toBe(400);
    expect(forbidden.body).toEqual({
      multivariate_feature_state_values: [
        {
          multivariate_feature_option: [
            `Invalid pk "${theirs.multivariate_options[0].id}" - object does not exist.`,
          ],
        },
      ],
    });

    const after = await stateOf(s, "mvstate");
    expect(after.enabled).toBe(false);
    expect(after.multivariate_feature_state_values).toEqual(res.body.multivariate_feature_state_values);
  });

  it("bumps the environment revision and the SDK sees the change", async () => {
    const s = await seed();
    await createFeature(s, { name: "live" });
    const state = await stateOf(s, "live");
    const flag = async () =>
      (await call("/api/v1/flags/", { envKey: s.envKey })).body.find(
        (f: { feature: { name: string } }) => f.feature.name === "live",
      );
    expect(await flag()).toMatchObject({ enabled: false, feature_state_value: null });
    const before = (await call(`/api/v1/environments/${s.envKey}/`, { token: s.token })).body.updated_at;
    await patchState(s, state.id, { enabled: true, feature_state_value: 3 });
    expect((await call(`/api/v1/environments/${s.envKey}/`, { token: s.token })).body.updated_at).not.toBe(
      before,
    );
    expect(await flag()).toMatchObject({ enabled: true, feature_state_value: 3 });
  });
});
