import { describe, expect, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { createFeature, createSegment } from "../support/fixtures";

const DENIED = { detail: "You do not have permission to perform this action." };
const NOT_FOUND = { detail: "Not found." };
const FS = "/api/v1/features/feature-segments/";
const STATES = "/api/v1/features/featurestates/";

async function createFeatureSegment(s: Seeded, featureId: number, segmentId: number) {
  const res = await call(FS, {
    token: s.token,
    body: { feature: featureId, segment: segmentId, environment: s.environmentId },
  });
  if (res.status !== 201) throw new Error(`feature segment: ${res.status} ${res.text}`);
  return res.body as { id: number; priority: number };
}

async function listFeatureSegments(s: Seeded, featureId: number) {
  const res = await call(`${FS}?environment=${s.environmentId}&feature=${featureId}`, { token: s.token });
  return res.body;
}

async function overrideCount(s: Seeded): Promise<number> {
  const res = await call(`${STATES}?environment=${s.environmentId}`, { token: s.token });
  return res.body.results.filter(
    (r: { feature_segment: number | null; identity: number | null }) =>
      r.feature_segment !== null || r.identity !== null,
  ).length;
}

describe("segment overrides, in the specification's order", () => {
  it("segment → feature segment → feature state, and identities in the segment get the override", async () => {
    const s = await seed();
    const feature = await createFeature(s, { initial_value: "default", default_enabled: false });
    const segment = await createSegment(s);

    const link = await call(FS, {
      token: s.token,
      body: { feature: feature.id, segment: segment.id, environment: s.environmentId },
    });
    expect(link.status).toBe(201);
    expect(link.body).toEqual({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      feature: feature.id,
      segment: segment.id,
      environment: s.environmentId,
      priority: 0,
    });

    const state = await call(STATES, {
      token: s.token,
      body: {
        feature: feature.id,
        feature_segment: link.body.id,
        environment: s.environmentId,
        enabled: true,
        feature_state_value: { type: "unicode", string_value: "for pros" },
      },
    });
    expect(state.status).toBe(201);
    expect(state.body).toEqual({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      feature_state_value: {
        type: "unicode",
        string_value: "for pros",
        integer_value: null,
        boolean_value: null,
      },
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
      feature_segment: link.body.id,
      change_request: null,
      environment_feature_version: null,
    });
    expect((await call(`${STATES}${state.body.id}/`, { token: s.token })).body).toEqual(state.body);

    const flagsFor = async (plan: string) => {
      const res = await call("/api/v1/identities/", {
        envKey: s.envKey,
        body: { identifier: unique("user"), traits: [{ trait_key: "plan", trait_value: plan }] },
      });
      expect(res.status).toBe(200);
      return res.body.flags.find((f: { feature: { id: number } }) => f.feature.id === feature.id);
    };
    expect(await flagsFor("pro")).toMatchObject({ enabled: true, feature_state_value: "for pros" });
    expect(await flagsFor("free")).toMatchObject({ enabled: false, feature_state_value: "default" });
  });

  it("creates an identity override with an identity id, typed values and raw scalars", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    const identity = await call(`/api/v1/environments/${s.envKey}/identities/`, {
      token: s.token,
      body: { identifier: unique("alice") },
    });
    expect(identity.status).toBe(201);
    const res = await call(STATES, {
      token: s.token,
      body: {
        feature: feature.id,
        environment: s.environmentId,
        identity: identity.body.id,
        enabled: true,
        feature_state_value: 42,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      identity: identity.body.id,
      feature_segment: null,
      enabled: true,
      feature_state_value: { type: "int", string_value: null, integer_value: 42, boolean_value: null },
    });
    const dup = await call(STATES, {
      token: s.token,
      body: { feature: feature.id, environment: s.environmentId, identifier: identity.body.identifier },
    });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ non_field_errors: ["Feature state already exists."] });

    const patched = await call(`${STATES}${res.body.id}/`, {
      method: "PATCH",
      token: s.token,
      body: { feature_state_value: { type: "bool", boolean_value: false }, enabled: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      enabled: false,
      feature_state_value: { type: "bool", string_value: null, integer_value: null, boolean_value: false },
    });
    const listed = await call(`${STATES}?environment=${s.environmentId}&identity=${identity.body.id}`, {
      token: s.token,
    });
    expect(listed.body).toMatchObject({ count: 1, next: null, previous: null });
    expect(listed.body.results[0]).toEqual(patched.body);
  });

  it("creates both in one call through create-segment-override, placed by priority", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    const first = await createSegment(s);
    const second = await createSegment(s);
    const path = `/api/v1/environments/${s.envKey}/features/${feature.id}/create-segment-override/`;
    const one = await call(path, {
      token: s.token,
      body: {
        enabled: true,
        feature_state_value: { type: "int", integer_value: 7 },
        feature_segment: { segment: first.id },
      },
    });
    expect(one.status).toBe(201);
    expect(one.body).toEqual({
      id: expect.any(Number),
      feature: feature.id,
      enabled: true,
      feature_state_value: { type: "int", string_value: null, integer_value: 7, boolean_value: null },
      feature_segment: { id: expect.any(Number), segment: first.id, priority: 0, uuid: expect.any(String) },
      deleted_at: null,
      uuid: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      live_from: expect.any(String),
      environment: s.environmentId,
      identity: null,
      change_request: null,
      multivariate_feature_state_values: [],
    });
    const two = await call(path, {
      token: s.token,
      body: {
        enabled: false,
        feature_state_value: { type: "unicode", string_value: "x" },
        feature_segment: { segment: second.id, priority: 0 },
      },
    });
    expect(two.status).toBe(201);
    expect(two.body.feature_segment.priority).toBe(0);
    const list = await listFeatureSegments(s, feature.id);
    expect(list.results.map((r: { segment: number; priority: number }) => [r.segment, r.priority])).toEqual([
      [second.id, 0],
      [first.id, 1],
    ]);

    const again = await call(path, {
      token: s.token,
      body: {
        feature_state_value: { type: "unicode", string_value: "y" },
        feature_segment: { segment: first.id },
      },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: ["The flag is already overridden for this segment."] });
    expect(await overrideCount(s)).toBe(2);
  });
});

describe("feature segments: priorities", () => {
  it("numbers new feature segments 0, 1, 2 and reorders them", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    const segments = [await createSegment(s), await createSegment(s), await createSegment(s)];
    const links = [];
    for (const segment of segments) links.push(await createFeatureSegment(s, feature.id, segment.id));
    expect(links.map((l) => l.priority)).toEqual([0, 1, 2]);

    const list = await listFeatureSegments(s, feature.id);
    expect(list).toMatchObject({ count: 3, next: null, previous: null });
    expect(list.results[0]).toEqual({
      id: links[0].id,
      uuid: expect.any(String),
      segment: segments[0].id,
      priority: 0,
      environment: s.environmentId,
      segment_name: segments[0].name,
      is_feature_specific: false,
    });

    const reorder = await call(`${FS}update-priorities/`, {
      token: s.token,
      body: [
        { id: links[0].id, priority: 2 },
        { id: links[1].id, priority: 0 },
        { id: links[2].id, priority: 1 },
      ],
    });
    expect(reorder.status).toBe(200);
    expect(reorder.body.map((r: { id: number; priority: number }) => [r.id, r.priority])).toEqual([
      [links[1].id, 0],
      [links[2].id, 1],
      [links[0].id, 2],
    ]);

    const move = await call(`${FS}update-priorities/`, {
      token: s.token,
      body: [{ id: links[0].id, priority: 0 }],
    });
    expect(move.body).toEqual([expect.objectContaining({ id: links[0].id, priority: 0 })]);
    const after = await listFeatureSegments(s, feature.id);
    expect(after.results.map((r: { id: number }) => r.id)).toEqual([links[0].id, links[1].id, links[2].id]);
    expect(after.results.map((r: { priority: number }) => r.priority)).toEqual([0, 1, 2]);

    expect((await call(`${FS}update-priorities/`, { token: s.token, body: [] })).body).toEqual([]);
  });

  it("refuses bad priority updates and changes nothing", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    const other = await createFeature(s);
    const a = await createFeatureSegment(s, feature.id, (await createSegment(s)).id);
    const b = await createFeatureSegment(s, other.id, (await createSegment(s)).id);
    const post = (body: unknown, token = s.token) => call(`${FS}update-priorities/`, { token, body });

    const mixed = await post([
      { id: a.id, priority: 1 },
      { id: b.id, priority: 0 },
    ]);
    expect(mixed.status).toBe(400);
    expect(mixed.body).toEqual({
      non_field_errors: ["All feature segments must belong to the same feature & environment."],
    });
    const missing = await post([{ id: 99999999, priority: 0 }]);
    expect(missing.body).toEqual({ non_field_errors: ["Some of the provided ids were not found."] });
    const negative = await post([{ id: a.id, priority: -1 }]);
    expect(negative.body).toEqual([{ priority: ["Ensure this value is greater than or equal to 0."] }]);
    const notList = await post({ id: a.id, priority: 0 });
    expect(notList.status).toBe(400);
    expect(notList.body).toEqual({ non_field_errors: ['Expected a list of items but got type "dict".'] });

    const stranger = await seed();
    // Another tenant's ids answer as ids that name nothing (issue 14).
    const denied = await post([{ id: a.id, priority: 3 }], stranger.token);
    expect(denied.status).toBe(400);
    expect(denied.body).toEqual({ non_field_errors: ["Some of the provided ids were not found."] });
    expect((await listFeatureSegments(s, feature.id)).results[0].priority).toBe(0);
  });

  it("deleting a feature segment removes its override and closes the gap", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    const links = [];
    for (let i = 0; i < 3; i++)
      links.push(await createFeatureSegment(s, feature.id, (await createSegment(s)).id));
    const state = await call(STATES, {
      token: s.token,
      body: {
        feature: feature.id,
        environment: s.environmentId,
        feature_segment: links[0].id,
        enabled: true,
      },
    });
    expect(state.status).toBe(201);
    const got = await call(`${FS}${links[0].id}/`, { token: s.token });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: links[0].id, priority: 0 });

    const res = await call(`${FS}${links[0].id}/`, { method: "DELETE", token: s.token });
    expect(res.status).toBe(204);
    expect((await call(`${FS}${links[0].id}/`, { token: s.token })).body).toEqual(NOT_FOUND);
    expect((await call(`${STATES}${state.body.id}/`, { token: s.token })).status).toBe(404);
    const list = await listFeatureSegments(s, feature.id);
    expect(list.results.map((r: { id: number; priority: number }) => [r.id, r.priority])).toEqual([
      [links[1].id, 0],
      [links[2].id, 1],
    ]);
  });

  it("deleting a segment removes its feature segments and overrides", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    const segment = await createSegment(s);
    const link = await createFeatureSegment(s, feature.id, segment.id);
    await call(STATES, {
      token: s.token,
      body: { feature: feature.id, environment: s.environmentId, feature_segment: link.id },
    });
    expect(await overrideCount(s)).toBe(1);
    const res = await call(`/api/v1/projects/${s.projectId}/segments/${segment.id}/`, {
      method: "DELETE",
      token: s.token,
    });
    expect(res.status).toBe(204);
    expect(await overrideCount(s)).toBe(0);
    expect((await listFeatureSegments(s, feature.id)).count).toBe(0);
  });
});

describe("feature segments: refusals write nothing", () => {
  it("validates the body, the project and feature-specific segments", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    const other = await createFeature(s);
    const segment = await createSegment(s);
    const specific = await createSegment(s, { feature: feature.id });
    const post = (body: unknown) => call(FS, { token: s.token, body });

    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      feature: ["This field is required."],
      segment: ["This field is required."],
      environment: ["This field is required."],
    });
    const wrongType = await post({ feature: "x", segment: segment.id, environment: s.environmentId });
    expect(wrongType.body).toEqual({ feature: ["A valid integer is required."] });
    const forOther = await post({ feature: other.id, segment: specific.id, environment: s.environmentId });
    expect(forOther.status).toBe(400);
    expect(forOther.body).toEqual({
      feature: [`Can only create segment override(using this segment) for feature ${feature.id}`],
    });
    const ok = await post({ feature: feature.id, segment: specific.id, environment: s.environmentId });
    expect(ok.status).toBe(201);
    const dup = await post({ feature: feature.id, segment: specific.id, environment: s.environmentId });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ non_field_errors: ["The flag is already overridden for this segment."] });

    const sibling = await call("/api/v1/projects/", {
      token: s.token,
      body: { name: unique("p"), organisation: s.organisationId },
    });
    const siblingEnv = await call("/api/v1/environments/", {
      token: s.token,
      body: { name: "Other", project: sibling.body.id },
    });
    const mismatch = await post({
      feature: feature.id,
      segment: segment.id,
      environment: siblingEnv.body.id,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ feature: ["Feature does not exist in project"] });
    expect((await listFeatureSegments(s, feature.id)).count).toBe(1);
    expect((await listFeatureSegments(s, other.id)).count).toBe(0);
  });

  it("answers 403 for ids of other users' objects and 404 for their feature segments", async () => {
    const owner = await seed();
    const feature = await createFeature(owner);
    const segment = await createSegment(owner);
    const link = await createFeatureSegment(owner, feature.id, segment.id);
    const stranger = await seed();
    const strangerFeature = await createFeature(stranger);
    const strangerSegment = await createSegment(stranger);

    const intoTheirs = await call(FS, {
      token: stranger.token,
      body: { feature: feature.id, segment: segment.id, environment: owner.environmentId },
    });
    expect(intoTheirs.status).toBe(403);
    expect(intoTheirs.body).toEqual(DENIED);
    const borrowing = await call(FS, {
      token: stranger.token,
      body: { feature: strangerFeature.id, segment: segment.id, environment: stranger.environmentId },
    });
    expect(borrowing.status).toBe(403);
    expect(
      (
        await call(FS, {
          token: stranger.token,
          body: { feature: strangerFeature.id, segment: strangerSegment.id, environment: 99999999 },
        })
      ).status,
    ).toBe(403);
    expect((await call(`${FS}${link.id}/`, { token: stranger.token })).status).toBe(404);
    expect((await call(`${FS}${link.id}/`, { method: "DELETE", token: stranger.token })).status).toBe(404);
    const list = await call(`${FS}?environment=${owner.environmentId}&feature=${feature.id}`, {
      token: stranger.token,
    });
    expect(list.status).toBe(403);
    expect((await listFeatureSegments(owner, feature.id)).count).toBe(1);
    expect((await listFeatureSegments(stranger, strangerFeature.id)).count).toBe(0);
  });

  it("needs environment and feature to list, and credentials for everything", async () => {
    const s = await seed();
    const res = await call(FS, { token: s.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      environment: ["This field is required."],
      feature: ["This field is required."],
    });
    const bad = await call(`${FS}?environment=abc&feature=1`, { token: s.token });
    expect(bad.body).toEqual({ environment: ["A valid integer is required."] });
    expect((await call(FS, { body: {} })).status).toBe(401);
    expect((await call(`${FS}update-priorities/`, { body: [] })).status).toBe(401);
    expect((await call(STATES)).status).toBe(401);
  });
});

describe("feature states: refusals write nothing", () => {
  it("validates bodies with exact messages", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    const link = await createFeatureSegment(s, feature.id, (await createSegment(s)).id);
    const base = { feature: feature.id, environment: s.environmentId, feature_segment: link.id };
    const post = (body: unknown) => call(STATES, { token: s.token, body });
    const cases: [unknown, unknown][] = [
      [{}, { feature: ["This field is required."], environment: ["This field is required."] }],
      [{ ...base, enabled: "yes" }, { enabled: ["Must be a valid boolean."] }],
      [
        { ...base, feature_state_value: { type: "float", string_value: "1.5" } },
        { feature_state_value: { type: ['"float" is not a valid choice.'] } },
      ],
      [
        { ...base, feature_state_value: { type: "int", string_value: "12" } },
        { feature_state_value: { integer_value: ["This field is required."] } },
      ],
      [
        { ...base, feature_state_value: { type: "int", integer_value: "12" } },
        { feature_state_value: { integer_value: ["A valid integer is required."] } },
      ],
      [
        { ...base, feature_state_value: { type: "int", integer_value: 2147483648 } },
        {
          feature_state_value: { integer_value: ["Ensure this value is less than or equal to 2147483647."] },
        },
      ],
      [
        { ...base, feature_state_value: [1] },
        { feature_state_value: ["Invalid data. Expected a dictionary, but got list."] },
      ],
      [
        {
          ...base,
          multivariate_feature_state_values: [
            { multivariate_feature_option: 99999999, percentage_allocation: 50 },
          ],
        },
        {
          multivariate_feature_state_values: [
            { multivariate_feature_option: ['Invalid pk "99999999" - object does not exist.'] },
          ],
        },
      ],
      [
        { feature: feature.id, environment: s.environmentId },
        { non_field_errors: ["Feature state already exists."] },
      ],
      [
        { feature: feature.id, environment: s.environmentId, feature_segment: 99999999 },
        { non_field_errors: ["Feature Segment does not belong to environment."] },
      ],
      [
        { feature: feature.id, environment: s.environmentId, identity: 99999999 },
        { non_field_errors: ["Identity does not exist in environment."] },
      ],
      [
        { feature: feature.id, environment: s.environmentId, identifier: "nobody" },
        { non_field_errors: ["Invalid identifier"] },
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual(expected);
    }
    const broken = await call(STATES, { token: s.token, rawBody: "{" });
    expect(broken.status).toBe(400);
    expect(broken.body.detail).toMatch(/^JSON parse error - /);
    expect(await overrideCount(s)).toBe(0);

    const created = await post({ ...base, feature_state_value: "plain" });
    expect(created.status).toBe(201);
    expect(created.body.feature_state_value).toEqual({
      type: "unicode",
      string_value: "plain",
      integer_value: null,
      boolean_value: null,
    });
    const dup = await post(base);
    expect(dup.body).toEqual({ non_field_errors: ["Feature state already exists."] });
    expect(await overrideCount(s)).toBe(1);
  });

  it("refuses features of another project and other users' objects", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    const link = await createFeatureSegment(s, feature.id, (await createSegment(s)).id);
    const sibling = await call("/api/v1/projects/", {
      token: s.token,
      body: { name: unique("p"), organisation: s.organisationId },
    });
    const foreign = await call(`/api/v1/projects/${sibling.body.id}/features/`, {
      token: s.token,
      body: { name: unique("f") },
    });
    const mismatch = await call(STATES, {
      token: s.token,
      body: { feature: foreign.body.id, environment: s.environmentId, feature_segment: link.id },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ feature: ["Feature does not exist in project"] });

    const stranger = await seed();
    const theirs = await call(STATES, {
      token: stranger.token,
      body: { feature: feature.id, environment: s.environmentId, feature_segment: link.id },
    });
    expect(theirs.status).toBe(403);
    expect(theirs.body).toEqual(DENIED);
    const created = await call(STATES, {
      token: s.token,
      body: { feature: feature.id, environment: s.environmentId, feature_segment: link.id },
    });
    const path = `${STATES}${created.body.id}/`;
    expect((await call(path, { token: stranger.token })).status).toBe(404);
    expect(
      (await call(path, { method: "PATCH", token: stranger.token, body: { enabled: true } })).status,
    ).toBe(404);
    expect((await call(path, { method: "DELETE", token: stranger.token })).status).toBe(404);
    expect((await call(`${STATES}?environment=${s.environmentId}`, { token: stranger.token })).status).toBe(
      403,
    );
    expect((await call(path, { token: s.token })).body).toEqual(created.body);
  });

  it("lists by environment, changes and deletes overrides, keeps environment defaults", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    const link = await createFeatureSegment(s, feature.id, (await createSegment(s)).id);
    const created = await call(STATES, {
      token: s.token,
      body: { feature: feature.id, environment: s.environmentId, feature_segment: link.id, enabled: true },
    });
    const path = `${STATES}${created.body.id}/`;

    const needsEnv = await call(STATES, { token: s.token });
    expect(needsEnv.status).toBe(400);
    expect(needsEnv.body).toEqual(["'environment' GET parameter is required."]);
    const all = await call(`${STATES}?environment=${s.environmentId}&feature=${feature.id}`, {
      token: s.token,
    });
    expect(all.body.count).toBe(2);
    const defaults = all.body.results.filter(
      (r: { feature_segment: number | null }) => r.feature_segment === null,
    );
    expect(defaults).toHaveLength(1);
    const bySegment = await call(`${STATES}?environment=${s.environmentId}&feature_segment=${link.id}`, {
      token: s.token,
    });
    expect(bySegment.body.results.map((r: { id: number }) => r.id)).toEqual([created.body.id]);

    const cannotMove = await call(path, {
      method: "PATCH",
      token: s.token,
      body: { feature: feature.id + 1000 },
    });
    expect(cannotMove.status).toBe(400);
    expect(cannotMove.body).toEqual({ feature: ["Cannot change the feature of a feature state"] });
    const put = await call(path, {
      method: "PUT",
      token: s.token,
      body: { feature: feature.id, environment: s.environmentId, enabled: false, feature_state_value: 3.5 },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      enabled: false,
      feature_segment: link.id,
      feature_state_value: { type: "unicode", string_value: "3.5", integer_value: null, boolean_value: null },
    });
    const putMissing = await call(path, { method: "PUT", token: s.token, body: { enabled: true } });
    expect(putMissing.body).toEqual({
      feature: ["This field is required."],
      environment: ["This field is required."],
    });

    const defaultPath = `${STATES}${defaults[0].id}/`;
    const keep = await call(defaultPath, { method: "DELETE", token: s.token });
    expect(keep.status).toBe(400);
    expect(keep.body).toEqual({ detail: "Cannot delete the environment default feature state." });
    expect((await call(path, { method: "DELETE", token: s.token })).status).toBe(204);
    expect((await call(path, { token: s.token })).body).toEqual(NOT_FOUND);
    expect((await call(defaultPath, { token: s.token })).status).toBe(200);
    expect((await listFeatureSegments(s, feature.id)).count).toBe(1);
  });
});

describe("create-segment-override: refusals write nothing", () => {
  it("validates and scopes", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    const segment = await createSegment(s);
    const path = `/api/v1/environments/${s.envKey}/features/${feature.id}/create-segment-override/`;
    const post = (body: unknown, token = s.token, url = path) => call(url, { token, body });

    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      feature_state_value: ["This field is required."],
      feature_segment: ["This field is required."],
    });
    const flat = await post({ feature_state_value: "x", feature_segment: { segment: segment.id } });
    expect(flat.body).toEqual({ feature_state_value: ["Invalid data. Expected a dictionary, but got str."] });
    const noSegment = await post({
      feature_state_value: { type: "unicode", string_value: "x" },
      feature_segment: {},
    });
    expect(noSegment.body).toEqual({ feature_segment: { segment: ["This field is required."] } });

    const stranger = await seed();
    const theirSegment = await createSegment(stranger);
    const borrowed = await post({
      feature_state_value: { type: "unicode", string_value: "x" },
      feature_segment: { segment: theirSegment.id },
    });
    expect(borrowed.status).toBe(403);
    const value = {
      feature_state_value: { type: "unicode", string_value: "x" },
      feature_segment: { segment: segment.id },
    };
    expect((await post(value, stranger.token)).status).toBe(404);
    const unknownFeature = await post(
      value,
      s.token,
      `/api/v1/environments/${s.envKey}/features/99999999/create-segment-override/`,
    );
    expect(unknownFeature.status).toBe(404);
    expect(unknownFeature.body).toEqual(NOT_FOUND);
    const mv = await post({
      ...value,
      multivariate_feature_state_values: [
        { multivariate_feature_option: 99999999, percentage_allocation: 10 },
      ],
    });
    expect(mv.status).toBe(400);
    expect(await overrideCount(s)).toBe(0);
    expect((await listFeatureSegments(s, feature.id)).count).toBe(0);
  });
});
