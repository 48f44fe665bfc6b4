// Core identities of the admin API: /environments/{key}/identities/ with traits, identity
// overrides and the resolved featurestates/all/ view.
import { describe, expect, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { createFeature, identify } from "../support/fixtures";

const NOT_FOUND = { detail: "Not found." };

const base = (s: { envKey: string }) => `/api/v1/environments/${s.envKey}/identities/`;

async function createIdentity(s: Seeded, identifier: string): Promise<{ id: number; identifier: string }> {
  const res = await call(base(s), { token: s.token, body: { identifier } });
  if (res.status !== 201) throw new Error(`identity: ${res.status} ${res.text.slice(0, 200)}`);
  return res.body;
}

async function documentUpdatedAt(s: Seeded): Promise<string> {
  return (await call(`/api/v1/environments/${s.envKey}/`, { token: s.token })).body.updated_at;
}

describe("core identities", () => {
  it("creates, retrieves, lists and refuses a duplicate identifier", async () => {
    const s = await seed();
    const created = await call(base(s), { token: s.token, body: { identifier: "alice" } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      identifier: "alice",
      environment: s.environmentId,
    });

    const duplicate = await call(base(s), { token: s.token, body: { identifier: "alice" } });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toEqual({
      identifier: "Identity with identifier 'alice' already exists in this environment",
    });

    const got = await call(`${base(s)}${created.body.id}/`, { token: s.token });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);

    const list = await call(base(s), { token: s.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ count: 1, next: null, previous: null, results: [created.body] });
  });

  it("lists identities the SDK created", async () => {
    const s = await seed();
    await identify(s, "from-sdk", [{ trait_key: "plan", trait_value: "pro" }]);
    const list = await call(base(s), { token: s.token });
    expect(list.body.results.map((i: { identifier: string }) => i.identifier)).toEqual(["from-sdk"]);
  });

  it("serves a full page of 999 once an environment holds more identities than that", async () => {
    const s = await seed();
    const identifiers = Array.from({ length: 1003 }, (_, i) => `bulk-${String(i).padStart(4, "0")}`);
    for (let i = 0; i < identifiers.length; i += 50)
      await Promise.all(identifiers.slice(i, i + 50).map((identifier) => identify(s, identifier)));
    const first = await call(`${base(s)}?page_size=999`, { token: s.token });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(1003);
    expect(first.body.results).toHaveLength(999);
    expect(new URL(first.body.next).searchParams.get("page")).toBe("2");
    const second = await call(`${base(s)}?page_size=999&page=2`, { token: s.token });
    expect(second.body.results).toHaveLength(4);
    const listed = [...first.body.results, ...second.body.results].map(
      (i: { identifier: string }) => i.identifier,
    );
    expect(listed.sort()).toEqual(identifiers);
  });

  it("searches by substring, ignoring case, or exactly when quoted", async () => {
    const s = await seed();
    for (const identifier of ["alice", "bob", "Alicia", "malice", "ALICE"])
      await createIdentity(s, identifier);
    const search = async (q: string) =>
      (await call(`${base(s)}?q=${encodeURIComponent(q)}`, { token: s.token })).body.results.map(
        (i: { identifier: string }) => i.identifier,
      );
    expect(await search("ali")).toEqual(["alice", "Alicia", "malice", "ALICE"]);
    expect(await search('"alice"')).toEqual(["alice"]);
    expect(await search('"ALICE"')).toEqual(["ALICE"]);
    expect(await search('"ali"')).toEqual([]);
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
  });

  it("pages with page_size up to 999", async () => {
    const s = await seed();
    for (let i = 0; i < 5; i++) await createIdentity(s, `user-${i}`);
    const first = await call(`${base(s)}?page_size=2`, { token: s.token });
    expect(first.body.count).toBe(5);
    expect(first.body.results.map((i: { identifier: string }) => i.identifier)).toEqual(["user-0", "user-1"]);
    expect(first.body.previous).toBeNull();
    expect(new URL(first.body.next).searchParams.get("page")).toBe("2");

    const last = await call(`${base(s)}?page_size=2&page=3`, { token: s.token });
    expect(last.body.results.map((i: { identifier: string }) => i.identifier)).toEqual(["user-4"]);
    expect(last.body.next).toBeNull();
    expect(new URL(last.body.previous).searchParams.get("page")).toBe("2");

    const past = await call(`${base(s)}?page_size=2&page=4`, { token: s.token });
    expect(past.status).toBe(404);
    expect(past.body).toEqual({ detail: "Invalid page." });

    // DRF reads page_size leniently: capped at 999, and a non-number means the default.
    const tooBig = await call(`${base(s)}?page_size=1000`, { token: s.token });
    expect(tooBig.status).toBe(200);
    expect(tooBig.body.next).toBeNull();
    const notNumber = await call(`${base(s)}?page_size=many`, { token: s.token });
    expect(notNumber.status).toBe(200);
    expect(notNumber.body.results.length).toBe(tooBig.body.results.length);
    const badPage = await call(`${base(s)}?page=first`, { token: s.token });
    expect(badPage.status).toBe(404);
    expect(badPage.body).toEqual({ detail: "Invalid page." });
  });

  it("validates the body and writes nothing", async () => {
    const s = await seed();
    const cases: [unknown, unknown][] = [
      [{}, { identifier: ["This field is required."] }],
      [{ identifier: "" }, { identifier: ["This field may not be blank."] }],
      [{ identifier: "   " }, { identifier: ["This field may not be blank."] }],
      [{ identifier: 5 }, { identifier: ["Not a valid string."] }],
      [{ identifier: null }, { identifier: ["This field may not be null."] }],
      [
        { identifier: "x".repeat(2001) },
        { identifier: ["Ensure this field has no more than 2000 characters."] },
      ],
      [["alice"], { non_field_errors: ["Invalid data. Expected a dictionary, but got list."] }],
    ];
    for (const [body, expected] of cases) {
      const res = await call(base(s), { token: s.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(expected);
    }
    const malformed = await call(base(s), { token: s.token, rawBody: '{"identifier": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/^JSON parse error - /);
    expect((await call(base(s), { token: s.token })).body.count).toBe(0);
  });

  it("renames an identity and refuses a taken identifier", async () => {
    const s = await seed();
    const a = await createIdentity(s, "a");
    await createIdentity(s, "b");
    const renamed = await call(`${base(s)}${a.id}/`, {
      method: "PATCH",
      token: s.token,
      body: { identifier: "c" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: a.id, identifier: "c", environment: s.environmentId });
    const taken = await call(`${base(s)}${a.id}/`, {
      method: "PUT",
      token: s.token,
      body: { identifier: "b" },
    });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({
      identifier: "Identity with identifier 'b' already exists in this environment",
    });
    expect((await call(`${base(s)}${a.id}/`, { token: s.token })).body.identifier).toBe("c");
  });

  it("answers 401 without credentials and 404 outside the caller's environments", async () => {
    const s = await seed();
    const other = await seed();
    const identity = await createIdentity(s, "private");
    const unauthenticated = await call(base(s));
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body).toEqual({ detail: "Authentication credentials were not provided." });

    for (const [path, method] of [
      [base(s), "GET"],
      [`${base(s)}${identity.id}/`, "GET"],
      [`${base(s)}${identity.id}/`, "DELETE"],
      [`${base(s)}${identity.id}/traits/`, "GET"],
      [`${base(s)}${identity.id}/featurestates/`, "GET"],
      [`${base(s)}${identity.id}/featurestates/all/`, "GET"],
    ] as const) {
      const res = await call(path, { method, token: other.token });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    const create = await call(base(s), { token: other.token, body: { identifier: "intruder" } });
    expect(create.status).toBe(404);

    // Ids of another environment, unknown ids and non-numeric ids are all unknown here.
    for (const id of [identity.id, 999999999, "abc"]) {
      const res = await call(`${base(other)}${id}/`, { token: other.token });
      expect(res.status).toBe(404);
    }
    expect((await call(base(s), { token: s.token })).body.count).toBe(1);
  });
});

describe("traits of a core identity", () => {
  it("creates typed traits, lists, updates and deletes them", async () => {
    const s = await seed();
    const identity = await createIdentity(s, "typed");
    const traits = `${base(s)}${identity.id}/traits/`;

    const age = await call(traits, { token: s.token, body: { trait_key: "age", trait_value: 30 } });
    expect(age.status).toBe(201);
    expect(age.body).toEqual({
      id: expect.any(Number),
      trait_key: "age",
      value_type: "int",
      integer_value: 30,
      string_value: null,
      boolean_value: null,
      float_value: null,
      created_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      trait_value: 30,
    });
    const score = await call(traits, { token: s.token, body: { trait_key: "score", trait_value: 1.5 } });
    expect(score.body).toMatchObject({ value_type: "float", float_value: 1.5, trait_value: 1.5 });
    const beta = await call(traits, { token: s.token, body: { trait_key: "beta", trait_value: true } });
    expect(beta.body).toMatchObject({ value_type: "bool", boolean_value: true, trait_value: true });
    // Flagsmith's own typed columns work too.
    const plan = await call(traits, {
      token: s.token,
      body: { trait_key: "plan", value_type: "unicode", string_value: "pro" },
    });
    expect(plan.body).toMatchObject({ value_type: "unicode", string_value: "pro", trait_value: "pro" });

    const list = await call(traits, { token: s.token });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(4);
    expect(list.body.results.map((t: { trait_key: string }) => t.trait_key)).toEqual([
      "age",
      "score",
      "beta",
      "plan",
    ]);

    const path = `${traits}${age.body.id}/`;
    expect((await call(path, { token: s.token })).body).toEqual(age.body);
    const changed = await call(path, { method: "PUT", token: s.token, body: { trait_value: "thirty" } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ trait_key: "age", value_type: "unicode", string_value: "thirty" });
    const renamed = await call(path, { method: "PATCH", token: s.token, body: { trait_key: "years" } });
    expect(renamed.body).toMatchObject({ trait_key: "years", trait_value: "thirty" });

    expect((await call(path, { method: "DELETE", token: s.token })).status).toBe(204);
    expect((await call(path, { token: s.token })).status).toBe(404);

    // The SDK sees what the admin API stored.
    const seen = await identify(s, "typed");
    expect(Object.fromEntries(seen.traits.map((t) => [t.trait_key, t.trait_value]))).toEqual({
      score: 1.5,
      beta: true,
      plan: "pro",
    });
  });

  it("validates traits and writes nothing", async () => {
    const s = await seed();
    const identity = await createIdentity(s, "strict");
    const traits = `${base(s)}${identity.id}/traits/`;
    await call(traits, { token: s.token, body: { trait_key: "taken", trait_value: 1 } });
    const cases: [unknown, unknown][] = [
      [
        { trait_key: "long", trait_value: "x".repeat(2001) },
        { trait_value: ["Value string is too long. Must be less than 2000 character"] },
      ],
      [{ trait_key: "missing" }, { trait_value: ["This field is required."] }],
      [{ trait_key: "nothing", trait_value: null }, { trait_value: ["This field may not be null."] }],
      [
        { trait_key: "obj", trait_value: { a: 1 } },
        { trait_value: ["Expected a string, number or boolean."] },
      ],
      [{ trait_value: 1 }, { trait_key: ["This field is required."] }],
      [{ trait_key: "", trait_value: 1 }, { trait_key: ["This field may not be blank."] }],
      [
        { trait_key: "x".repeat(201), trait_value: 1 },
        { trait_key: ["Ensure this field has no more than 200 characters."] },
      ],
      [{ trait_key: "typed", value_type: "int" }, { integer_value: ["This field is required."] }],
      [{ trait_key: "typed", value_type: "long" }, { value_type: ['"long" is not a valid choice.'] }],
      [
        { trait_key: "taken", trait_value: 2 },
        { trait_key: ["Trait with this key already exists for this identity."] },
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await call(traits, { token: s.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(expected);
    }
    const list = await call(traits, { token: s.token });
    expect(list.body.results).toEqual([expect.objectContaining({ trait_key: "taken", trait_value: 1 })]);
  });

  it("refuses to store traits when the organisation does not persist them", async () => {
    const s = await seed();
    const identity = await createIdentity(s, "ephemeral");
    const org = await call(`/api/v1/organisations/${s.organisationId}/`, {
      method: "PATCH",
      token: s.token,
      body: { persist_trait_data: false },
    });
    expect(org.status).toBe(200);
    const res = await call(`${base(s)}${identity.id}/traits/`, {
      token: s.token,
      body: { trait_key: "age", trait_value: 3 },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "Not possible to persist traits for this organisation." });
    expect((await call(`${base(s)}${identity.id}/traits/`, { token: s.token })).body.count).toBe(0);
  });

  it("deletes a key from every identity with deleteAllMatchingTraits", async () => {
    const s = await seed();
    const one = await createIdentity(s, "one");
    const two = await createIdentity(s, "two");
    const t1 = await call(`${base(s)}${one.id}/traits/`, {
      token: s.token,
      body: { trait_key: "plan", trait_value: "a" },
    });
    await call(`${base(s)}${two.id}/traits/`, {
      token: s.token,
      body: { trait_key: "plan", trait_value: "b" },
    });
    await call(`${base(s)}${two.id}/traits/`, {
      token: s.token,
      body: { trait_key: "keep", trait_value: "c" },
    });
    const res = await call(`${base(s)}${one.id}/traits/${t1.body.id}/?deleteAllMatchingTraits=true`, {
      method: "DELETE",
      token: s.token,
    });
    expect(res.status).toBe(204);
    expect((await call(`${base(s)}${one.id}/traits/`, { token: s.token })).body.count).toBe(0);
    const left = (await call(`${base(s)}${two.id}/traits/`, { token: s.token })).body.results;
    expect(left.map((t: { trait_key: string }) => t.trait_key)).toEqual(["keep"]);
  });

  it("answers 404 for a trait of another identity", async () => {
    const s = await seed();
    const one = await createIdentity(s, "one");
    const two = await createIdentity(s, "two");
    const trait = await call(`${base(s)}${one.id}/traits/`, {
      token: s.token,
      body: { trait_key: "k", trait_value: 1 },
    });
    const res = await call(`${base(s)}${two.id}/traits/${trait.body.id}/`, { token: s.token });
    expect(res.status).toBe(404);
    const del = await call(`${base(s)}${two.id}/traits/${trait.body.id}/`, {
      method: "DELETE",
      token: s.token,
    });
    expect(del.status).toBe(404);
    expect((await call(`${base(s)}${one.id}/traits/`, { token: s.token })).body.count).toBe(1);
  });
});

describe("identity overrides", () => {
  it("creates, lists, reads, updates and deletes overrides, bumping the environment each time", async () => {
    const s = await seed();
    const identity = await createIdentity(s, "vip");
    const colour = await createFeature(s, { name: unique("colour"), initial_value: "red" });
    const limit = await createFeature(s, { name: unique("limit"), initial_value: "42" });
    const states = `${base(s)}${identity.id}/featurestates/`;

    let stamp = await documentUpdatedAt(s);
    const created = await call(states, {
      token: s.token,
      body: { feature: colour.id, enabled: true, feature_state_value: "blue" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      feature_state_value: "blue",
      enabled: true,
      feature: colour.id,
      environment: s.environmentId,
      identity: identity.id,
      feature_segment: null,
      multivariate_feature_state_values: [],
    });
    expect(await documentUpdatedAt(s)).not.toBe(stamp);

    // No value: the feature's initial value, typed.
    const defaulted = await call(states, { token: s.token, body: { feature: limit.id } });
    expect(defaulted.body).toMatchObject({ feature_state_value: 42, enabled: false });

    const list = await call(states, { token: s.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(list.body.results[0]).toMatchObject({
      id: created.body.id,
      identity: { id: identity.id, identifier: "vip" },
    });
    const filtered = await call(`${states}?feature=${limit.id}`, { token: s.token });
    expect(filtered.body.results.map((r: { id: number }) => r.id)).toEqual([defaulted.body.id]);
    const byName = await call(`${states}?feature_name=${colour.name.toUpperCase()}`, { token: s.token });
    expect(byName.body.results.map((r: { id: number }) => r.id)).toEqual([created.body.id]);

    const path = `${states}${created.body.id}/`;
    expect((await call(path, { token: s.token })).body).toMatchObject({
      id: created.body.id,
      feature_state_value: "blue",
    });

    stamp = await documentUpdatedAt(s);
    const put = await call(path, { method: "PUT", token: s.token, body: { enabled: false } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: created.body.id, enabled: false, feature_state_value: "blue" });
    expect(await documentUpdatedAt(s)).not.toBe(stamp);

    const patch = await call(path, {
      method: "PATCH",
      token: s.token,
      body: { feature_state_value: { type: "int", integer_value: 7 } },
    });
    expect(patch.status).toBe(200);
    expect(patch.body).toEqual({ feature: colour.id, enabled: false });
    expect((await call(path, { token: s.token })).body.feature_state_value).toBe(7);

    stamp = await documentUpdatedAt(s);
    expect((await call(path, { method: "DELETE", token: s.token })).status).toBe(204);
    expect((await call(path, { token: s.token })).status).toBe(404);
    expect(await documentUpdatedAt(s)).not.toBe(stamp);
  });

  it("refuses bad overrides with Flagsmith's bodies and writes nothing", async () => {
    const s = await seed();
    const identity = await createIdentity(s, "picky");
    const feature = await createFeature(s, { name: unique("f") });
    const otherProject = await call("/api/v1/projects/", {
      token: s.token,
      body: { name: unique("other"), organisation: s.organisationId },
    });
    const foreign = await call(`/api/v1/projects/${otherProject.body.id}/features/`, {
      token: s.token,
      body: { name: unique("foreign") },
    });
    const stranger = await seed();
    const strangers = await createFeature(stranger, { name: unique("theirs") });
    const states = `${base(s)}${identity.id}/featurestates/`;
    await call(states, { token: s.token, body: { feature: feature.id, enabled: true } });
    const stamp = await documentUpdatedAt(s);

    const cases: [unknown, unknown][] = [
      [{ enabled: true }, { detail: "Feature not provided" }],
      [{ feature: "abc" }, { feature: ["Incorrect type. Expected pk value, received str."] }],
      [{ feature: 999999999 }, { feature: ['Invalid pk "999999999" - object does not exist.'] }],
      [{ feature: foreign.body.id }, { feature: ["Feature does not exist in project"] }],
      [{ feature: feature.id, enabled: "yes" }, { enabled: ["Must be a valid boolean."] }],
      [
        { feature: feature.id, feature_state_value: [1] },
        { feature_state_value: ["Expected a string, integer, boolean or a value object."] },
      ],
      [
        { feature: feature.id, feature_state_value: { type: "int", integer_value: "x" } },
        { feature_state_value: { integer_value: ["A valid integer is required."] } },
      ],
      [
        { feature: feature.id },
        [
          "Feature state already exists for this environment, feature, version, segment & identity combination",
        ],
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await call(states, { token: s.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(expected);
    }
    const list = await call(states, { token: s.token });
    expect(list.body.count).toBe(1);
    const change = await call(`${states}${list.body.results[0].id}/`, {
      method: "PUT",
      token: s.token,
      body: { feature: foreign.body.id, enabled: false },
    });
    expect(change.status).toBe(400);
    expect(change.body).toEqual({ feature: ["Feature does not exist in project"] });
    // A feature the caller cannot see answers as one that does not exist (issue 14).
    const hidden = await call(states, { token: s.token, body: { feature: strangers.id } });
    expect(hidden.status).toBe(400);
    expect(hidden.body).toEqual({ feature: [`Invalid pk "${strangers.id}" - object does not exist.`] });
    expect((await call(`${states}${list.body.results[0].id}/`, { token: s.token })).body.enabled).toBe(true);
    expect(await documentUpdatedAt(s)).toBe(stamp);

    const unknown = await call(`${states}999999999/`, { token: s.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND);
  });

  it("shows every flag as the identity resolves it, and what decided it", async () => {
    const s = await seed();
    const identity = await createIdentity(s, "resolver");
    const plain = await createFeature(s, {
      name: unique("plain"),
      default_enabled: true,
      initial_value: "env",
    });
    const personal = await createFeature(s, { name: unique("personal"), initial_value: "env" });
    const targeted = await createFeature(s, { name: unique("targeted"), initial_value: "env" });

    await call(`${base(s)}${identity.id}/featurestates/`, {
      token: s.token,
      body: { feature: personal.id, enabled: true, feature_state_value: "mine" },
    });
    await call(`${base(s)}${identity.id}/traits/`, {
      token: s.token,
      body: { trait_key: "plan", trait_value: "pro" },
    });
    const segment = await call(`/api/v1/projects/${s.projectId}/segments/`, {
      token: s.token,
      body: {
        name: "pro users",
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
    const featureSegment = await call("/api/v1/features/feature-segments/", {
      token: s.token,
      body: { feature: targeted.id, segment: segment.body.id, environment: s.environmentId },
    });
    expect(featureSegment.status).toBe(201);
    const segmentOverride = await call("/api/v1/features/featurestates/", {
      token: s.token,
      body: {
        feature: targeted.id,
        feature_segment: featureSegment.body.id,
        environment: s.environmentId,
        enabled: true,
        feature_state_value: { type: "unicode", string_value: "for pros" },
      },
    });
    expect(segmentOverride.status).toBe(201);

    const all = await call(`${base(s)}${identity.id}/featurestates/all/`, { token: s.token });
    expect(all.status).toBe(200);
    const byName = Object.fromEntries(
      all.body.map((f: { feature: { name: string } }) => [f.feature.name, f]),
    );
    expect(all.body).toHaveLength(3);
    expect(byName[plain.name]).toEqual({
      feature: { id: plain.id, name: plain.name, type: "STANDARD" },
      enabled: true,
      feature_state_value: "env",
      overridden_by: null,
      segment: null,
      multivariate_feature_state_values: [],
    });
    expect(byName[personal.name]).toMatchObject({
      enabled: true,
      feature_state_value: "mine",
      overridden_by: "IDENTITY",
      segment: null,
    });
    expect(byName[targeted.name]).toMatchObject({
      enabled: true,
      feature_state_value: "for pros",
      overridden_by: "SEGMENT",
      segment: { id: segment.body.id, name: "pro users" },
    });

    // The SDK answers the same for this identity.
    const flags = (await identify(s, "resolver")).flags;
    const sdkValues = Object.fromEntries(flags.map((f) => [f.feature.name, f.feature_state_value]));
    expect(sdkValues).toEqual({ [plain.name]: "env", [personal.name]: "mine", [targeted.name]: "for pros" });
  });

  it("deletes an identity with its traits and overrides; the SDK then starts afresh", async () => {
    const s = await seed();
    const feature = await createFeature(s, { name: unique("gate") });
    await identify(s, "leaver", [{ trait_key: "plan", trait_value: "pro" }]);
    const identity = (await call(`${base(s)}?q="leaver"`, { token: s.token })).body.results[0];
    await call(`${base(s)}${identity.id}/featurestates/`, {
      token: s.token,
      body: { feature: feature.id, enabled: true },
    });
    expect((await identify(s, "leaver")).flags.find((f) => f.feature.id === feature.id)?.enabled).toBe(true);

    const stamp = await documentUpdatedAt(s);
    const deleted = await call(`${base(s)}${identity.id}/`, { method: "DELETE", token: s.token });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect(await documentUpdatedAt(s)).not.toBe(stamp);
    expect((await call(`${base(s)}${identity.id}/`, { token: s.token })).status).toBe(404);
    expect((await call(`${base(s)}${identity.id}/traits/`, { token: s.token })).status).toBe(404);
    expect(
      (await call(`/api/v1/environments/${s.envKey}/edge-identity-overrides/`, { token: s.token })).body,
    ).toEqual({
      results: [],
    });

    const fresh = await identify(s, "leaver");
    expect(fresh.traits).toEqual([]);
    expect(fresh.flags.find((f) => f.feature.id === feature.id)?.enabled).toBe(false);
    const recreated = (await call(`${base(s)}?q="leaver"`, { token: s.token })).body.results[0];
    expect(recreated.id).not.toBe(identity.id);
  });
});
