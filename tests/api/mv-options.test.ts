import { describe, expect, it } from "vitest";
import { call, seed, signUp, type Seeded } from "../support/api";
import { createFeature } from "../support/fixtures";

type Feature = { id: number; type: string; multivariate_options: { id: number }[] };

const optionsPath = (s: Seeded, featureId: number) =>
  `/api/v1/projects/${s.projectId}/features/${featureId}/mv-options/`;

async function getFeature(s: Seeded, featureId: number): Promise<Feature> {
  return (await call(`/api/v1/projects/${s.projectId}/features/${featureId}/`, { token: s.token })).body;
}

async function allocations(s: Seeded, name: string, envKey = s.envKey): Promise<[number, number][]> {
  const res = await call(`/api/v1/environments/${envKey}/featurestates/?feature_name=${name}`, {
    token: s.token,
  });
  return res.body.results[0].multivariate_feature_state_values.map(
    (v: { multivariate_feature_option: number; percentage_allocation: number }) => [
      v.multivariate_feature_option,
      v.percentage_allocation,
    ],
  );
}

describe("multivariate options", () => {
  it("adds an option: the feature becomes MULTIVARIATE and every environment gets its share", async () => {
    const s = await seed();
    const prod = await call("/api/v1/environments/", {
      token: s.token,
      body: { name: "Prod", project: s.projectId },
    });
    const feature = await createFeature(s, { name: "variant", initial_value: "control" });
    expect(feature.type).toBe("STANDARD");
    const res = await call(optionsPath(s, feature.id), {
      token: s.token,
      body: {
        type: "unicode",
        string_value: "treatment",
        default_percentage_allocation: 25,
        key: "treat-1",
        feature: feature.id,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: "unicode",
      integer_value: null,
      string_value: "treatment",
      boolean_value: null,
      default_percentage_allocation: 25,
      key: "treat-1",
      feature: feature.id,
    });
    expect((await getFeature(s, feature.id)).type).toBe("MULTIVARIATE");
    expect(await allocations(s, "variant")).toEqual([[res.body.id, 25]]);
    expect(await allocations(s, "variant", prod.body.api_key)).toEqual([[res.body.id, 25]]);

    const defaulted = await call(optionsPath(s, feature.id), {
      token: s.token,
      body: { type: "int", integer_value: 3, default_percentage_allocation: 0 },
    });
    expect(defaulted.body).toMatchObject({ type: "int", integer_value: 3, string_value: null, key: null });
  });

  it("lists options in pages of 10 and reads one", async () => {
    const s = await seed();
    const feature = await createFeature(s, { name: "many" });
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call(optionsPath(s, feature.id), {
        token: s.token,
        body: { string_value: `v${i}`, default_percentage_allocation: 5 },
      });
      ids.push(res.body.id);
    }
    const page1 = await call(optionsPath(s, feature.id), { token: s.token });
    expect(page1.body.count).toBe(11);
    expect(page1.body.results).toHaveLength(10);
    expect(page1.body.next).toMatch(/mv-options\/\?page=2$/);
    const page2 = await call(`${optionsPath(s, feature.id)}?page=2`, { token: s.token });
    expect(page2.body.results.map((o: { id: number }) => o.id)).toEqual([ids[10]]);
    const one = await call(`${optionsPath(s, feature.id)}${ids[3]}/`, { token: s.token });
    expect(one.body).toMatchObject({ id: ids[3], string_value: "v3", feature: feature.id });
  });

  it("refuses defaults over 100 in total and writes nothing", async () => {
    const s = await seed();
    const feature = await createFeature(s, {
      name: "full",
      multivariate_options: [{ string_value: "a", default_percentage_allocation: 80 }],
    });
    const res = await call(optionsPath(s, feature.id), {
      token: s.token,
      body: { string_value: "b", default_percentage_allocation: 30 },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ default_percentage_allocation: ["Invalid percentage allocation"] });
    // A missing share counts as 100.
    const implicit = await call(optionsPath(s, feature.id), { token: s.token, body: { string_value: "c" } });
    expect(implicit.body).toEqual({ default_percentage_allocation: ["Invalid percentage allocation"] });
    expect((await call(optionsPath(s, feature.id), { token: s.token })).body.count).toBe(1);
    expect(await allocations(s, "full")).toHaveLength(1);
  });

  it("refuses an option that would overfill an environment's shares", async () => {
    const s = await seed();
    const feature = await createFeature(s, {
      name: "envfull",
      multivariate_options: [{ string_value: "a", default_percentage_allocation: 10 }],
    });
    const state = (
      await call(`/api/v1/environments/${s.envKey}/featurestates/?feature_name=envfull`, { token: s.token })
    ).body.results[0];
    await call(`/api/v1/environments/${s.envKey}/featurestates/${state.id}/`, {
      method: "PUT",
      token: s.token,
      body: {
        multivariate_feature_state_values: [
          { multivariate_feature_option: feature.multivariate_options[0].id, percentage_allocation: 95 },
        ],
      },
    });
    const res = await call(optionsPath(s, feature.id), {
      token: s.token,
      body: { string_value: "b", default_percentage_allocation: 10 },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ default_percentage_allocation: ["Invalid percentage allocation"] });
    expect((await call(optionsPath(s, feature.id), { token: s.token })).body.count).toBe(1);
  });

  it("validates fields with DRF's messages", async () => {
    const s = await seed();
    const feature = await createFeature(s, { name: "checks" });
    await call(optionsPath(s, feature.id), {
      token: s.token,
      body: { key: "taken", default_percentage_allocation: 0 },
    });
    const cases: [unknown, Record<string, unknown>][] = [
      [
        { default_percentage_allocation: 101 },
        { default_percentage_allocation: ["Ensure this value is less than or equal to 100."] },
      ],
      [
        { default_percentage_allocation: -1 },
        { default_percentage_allocation: ["Ensure this value is greater than or equal to 0."] },
      ],
      [
        { default_percentage_allocation: "lots" },
        { default_percentage_allocation: ["A valid number is required."] },
      ],
      [{ type: "int", integer_value: 1.5 }, { integer_value: ["A valid integer is required."] }],
      [
        { type: "int", integer_value: 2147483648 },
        { integer_value: ["Ensure this value is less than or equal to 2147483647."] },
      ],
      [{ type: "float" }, { type: ['"float" is not a valid choice.'] }],
      [{ boolean_value: "yes" }, { boolean_value: ["Must be a valid boolean."] }],
      [
        { key: "has space" },
        { key: ["Enter a valid “slug” consisting of letters, numbers, underscores or hyphens."] },
      ],
      [
        { key: "taken", default_percentage_allocation: 0 },
        { non_field_errors: ["The fields feature, key must make a unique set."] },
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await call(optionsPath(s, feature.id), { token: s.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual(expected);
    }
    const malformed = await call(optionsPath(s, feature.id), { token: s.token, rawBody: "{" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/^JSON parse error - /);
    expect((await call(optionsPath(s, feature.id), { token: s.token })).body.count).toBe(1);
  });

  it("updates an option partly without moving environment shares", async () => {
    const s = await seed();
    const feature = await createFeature(s, {
      name: "edit",
      multivariate_options: [{ type: "int", integer_value: 1, default_percentage_allocation: 40 }],
    });
    const id = feature.multivariate_options[0].id;
    const path = `${optionsPath(s, feature.id)}${id}/`;
    const patched = await call(path, { method: "PATCH", token: s.token, body: { integer_value: 2 } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ type: "int", integer_value: 2, default_percentage_allocation: 40 });
    const put = await call(path, {
      method: "PUT",
      token: s.token,
      body: { type: "bool", boolean_value: false, default_percentage_allocation: 60 },
    });
    expect(put.body).toMatchObject({
      type: "bool",
      boolean_value: false,
      integer_value: null,
      default_percentage_allocation: 60,
    });
    expect(await allocations(s, "edit")).toEqual([[id, 40]]);
    const over = await call(path, {
      method: "PATCH",
      token: s.token,
      body: { default_percentage_allocation: 100.5 },
    });
    expect(over.status).toBe(400);
    expect((await call(path, { token: s.token })).body.default_percentage_allocation).toBe(60);
  });

  it("deletes options; the last one makes the feature STANDARD again", async () => {
    const s = await seed();
    const feature = await createFeature(s, {
      name: "shrink",
      multivariate_options: [
        { string_value: "a", default_percentage_allocation: 10 },
        { string_value: "b", default_percentage_allocation: 10 },
      ],
    });
    const [a, b] = feature.multivariate_options;
    expect(
      (await call(`${optionsPath(s, feature.id)}${a.id}/`, { method: "DELETE", token: s.token })).status,
    ).toBe(204);
    expect((await getFeature(s, feature.id)).type).toBe("MULTIVARIATE");
    expect(await allocations(s, "shrink")).toEqual([[b.id, 10]]);
    expect(
      (await call(`${optionsPath(s, feature.id)}${b.id}/`, { method: "DELETE", token: s.token })).status,
    ).toBe(204);
    expect((await getFeature(s, feature.id)).type).toBe("STANDARD");
    expect(await allocations(s, "shrink")).toEqual([]);
    expect((await call(`${optionsPath(s, feature.id)}${b.id}/`, { token: s.token })).status).toBe(404);
  });

  it("keeps to the tenant: 404 by path, 403 for another organisation's feature in the body", async () => {
    const s = await seed();
    const feature = await createFeature(s, {
      name: "mine",
      multivariate_options: [{ string_value: "a", default_percentage_allocation: 10 }],
    });
    const sibling = await createFeature(s, { name: "sibling" });
    const optionId = feature.multivariate_options[0].id;
    const other = await signUp();
    for (const path of [optionsPath(s, feature.id), `${optionsPath(s, feature.id)}${optionId}/`]) {
      const res = await call(path, { token: other.token });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ detail: "Not found." });
    }
    expect(
      (await call(optionsPath(s, feature.id), { token: other.token, body: { string_value: "x" } })).status,
    ).toBe(404);
    // An option addressed through another feature of the same project does not exist there.
    expect((await call(`${optionsPath(s, sibling.id)}${optionId}/`, { token: s.token })).status).toBe(404);
    expect((await call(`${optionsPath(s, 99999999)}`, { token: s.token })).status).toBe(404);

    const stranger = await seed();
    const foreign = await createFeature(stranger, { name: "theirs" });
    const forbidden = await call(optionsPath(s, feature.id), {
      token: s.token,
      body: { string_value: "x", default_percentage_allocation: 0, feature: foreign.id },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ detail: "You do not have permission to perform this action." });
    const mismatch = await call(optionsPath(s, feature.id), {
      token: s.token,
      body: { string_value: "x", default_percentage_allocation: 0, feature: sibling.id },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ feature: ["Must be the feature of the URL."] });
    expect((await call(optionsPath(s, feature.id), { token: s.token })).body.count).toBe(1);
    expect((await call(optionsPath(s, sibling.id), { token: s.token })).body.count).toBe(0);
  });
});
