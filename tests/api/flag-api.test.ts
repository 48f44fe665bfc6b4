// Flagsmith's one-call flag API, `/api/__future__/environments/{key}/features/{id}/` (GET, PATCH,
// PUT) and `…/segment-overrides/{segment_id}/` (DELETE), over HTTP through the production server.
// Shapes, messages and priority rules follow Flagsmith's api/features/future/ (views, serializers,
// services) and its tests/integration/features/future/test_flag_endpoint.py.
import { beforeEach, describe, expect, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { addMember } from "../support/members";
import { createFeature, createSegment, identify } from "../support/fixtures";

type Ctx = Seeded & { featureId: number; segA: number; segB: number };
let s: Ctx;

const flag = (c: Ctx, featureId = c.featureId, key = c.envKey) =>
  `/api/__future__/environments/${key}/features/${featureId}/`;
const write = (method: "PATCH" | "PUT", body: unknown, c = s) =>
  call(flag(c), { token: c.token, method, body });
const versions = async (c: Ctx) =>
  (await call(`/api/v1/environments/${c.envKey}/features/${c.featureId}/versions/`, { token: c.token })).body
    .count as number;

beforeEach(async () => {
  const base = await seed();
  const feature = await createFeature(base, { initial_value: "blue", default_enabled: false });
  const [a, b] = [await createSegment(base), await createSegment(base)];
  s = { ...base, featureId: feature.id, segA: a.id, segB: b.id };
});

describe("GET", () => {
  it("answers the environment default and no overrides, for the path served by the %5F folder", async () => {
    const res = await call(flag(s), { token: s.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      environment_default: { enabled: false, value: { type: "string", value: "blue" }, variants: [] },
      segment_overrides: [],
    });
    // Next's folder name is not a second spelling of the path.
    const escaped = await call(`/api/%5F%5Ffuture%5F%5F/environments/${s.envKey}/features/${s.featureId}/`, {
      token: s.token,
    });
    expect(escaped.body).toEqual(res.body);
  });

  it("is 401 without credentials, 404 for another tenant, an unknown key or a feature of another project", async () => {
    expect((await call(flag(s))).status).toBe(401);
    const other = await seed();
    expect(await call(flag(s), { token: other.token })).toMatchObject({
      status: 404,
      body: { detail: "Not found." },
    });
    expect((await call(flag(s, s.featureId, "nokey"), { token: s.token })).status).toBe(404);
    const foreign = await createFeature(other);
    expect((await call(flag(s, foreign.id), { token: s.token })).status).toBe(404);
  });
});

describe("PATCH", () => {
  it("writes the default and two overrides as one change: one audit entry, one version, SDKs see it", async () => {
    const audits = await call("/api/v1/audit/?page_size=1", { token: s.token });
    const versionsBefore = await versions(s);
    const res = await write("PATCH", {
      environment_default: { enabled: true, value: { type: "integer", value: "7" } },
      segment_overrides: [
        { segment: { id: s.segA }, enabled: false, value: { type: "string", value: "pro" } },
        { segment: { id: s.segB } },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      environment_default: { enabled: true, value: { type: "integer", value: "7" }, variants: [] },
      segment_overrides: [
        {
          segment: { id: s.segA },
          priority: 0,
          enabled: false,
          value: { type: "string", value: "pro" },
          variants: [],
        },
        // A new override without parts takes them from the default as it is after this request.
        {
          segment: { id: s.segB },
          priority: 1,
          enabled: true,
          value: { type: "integer", value: "7" },
          variants: [],
        },
      ],
    });
    const after = await call("/api/v1/audit/?page_size=1", { token: s.token });
    expect(after.body.count).toBe(audits.body.count + 1);
    expect(after.body.results[0].log).toContain(`Flag updated for feature:`);
    expect(await versions(s)).toBe(versionsBefore + 1);
    const pro = await identify(s, unique("u"), [{ trait_key: "plan", trait_value: "pro" }]);
    expect(pro.flags.find((f) => f.feature.id === s.featureId)).toMatchObject({
      enabled: false,
      feature_state_value: "pro",
    });
  });

  it("leaves what it omits; an empty body changes nothing and writes no entry", async () => {
    await write("PATCH", { segment_overrides: [{ segment: { id: s.segA }, priority: 3, enabled: true }] });
    const before = await call("/api/v1/audit/?page_size=1", { token: s.token });
    const res = await write("PATCH", {
      segment_overrides: [{ segment: { id: s.segA }, value: { type: "boolean", value: "True" } }],
    });
    expect(res.body.segment_overrides).toEqual([
      {
        segment: { id: s.segA },
        priority: 3,
        enabled: true,
        value: { type: "boolean", value: "true" },
        variants: [],
      },
    ]);
    expect(res.body.environment_default.value).toEqual({ type: "string", value: "blue" });
    const mid = await call("/api/v1/audit/?page_size=1", { token: s.token });
    expect(mid.body.count).toBe(before.body.count + 1);
    const none = await write("PATCH", {});
    expect(none.status).toBe(200);
    expect(none.body).toEqual(res.body);
    expect((await call("/api/v1/audit/?page_size=1", { token: s.token })).body.count).toBe(mid.body.count);
  });

  it("refuses a priority in use with Flagsmith's detail and writes nothing", async () => {
    await write("PATCH", { segment_overrides: [{ segment: { id: s.segA } }, { segment: { id: s.segB } }] });
    const res = await write("PATCH", { segment_overrides: [{ segment: { id: s.segA }, priority: 1 }] });
    expect(res).toMatchObject({ status: 400, body: { detail: "Duplicate priority: 1." } });
    const now = await call(flag(s), { token: s.token });
    expect(now.body.segment_overrides.map((o: any) => [o.segment.id, o.priority])).toEqual([
      [s.segA, 0],
      [s.segB, 1],
    ]);
    // Swapping both in one request is fine.
    const swapped = await write("PATCH", {
      segment_overrides: [
        { segment: { id: s.segB }, priority: 0 },
        { segment: { id: s.segA }, priority: 1 },
      ],
    });
    expect(swapped.body.segment_overrides.map((o: any) => o.segment.id)).toEqual([s.segB, s.segA]);
  });

  it("answers 400 per field: value, variants, segment, duplicate segment, types", async () => {
    const other = await seed();
    const foreign = await createSegment(other);
    const res = await write("PATCH", {
      environment_default: { value: { type: "integer", value: "ten" }, variants: [] },
      segment_overrides: [
        { segment: { id: foreign.id } },
        { segment: { id: s.segA }, value: { type: "boolean", value: "yes" } },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      environment_default: {
        value: ["'ten' is not a valid integer"],
        variants: ["Feature is not multivariate."],
      },
      segment_overrides: [
        { segment: { id: ["Segment not found."] } },
        { value: ["'yes' is not a valid boolean (use 'true' or 'false')"] },
      ],
    });
    const dup = await write("PATCH", {
      segment_overrides: [{ segment: { id: s.segA } }, { segment: { id: s.segA } }],
    });
    expect(dup).toMatchObject({
      status: 400,
      body: { segment_overrides: [`Duplicate segment: ${s.segA}.`] },
    });
    const badType = await write("PATCH", { environment_default: { value: { type: "float", value: "1.5" } } });
    expect(badType.status).toBe(400);
    expect(badType.body).toHaveProperty("environment_default");
    const notObject = await call(flag(s), { token: s.token, method: "PATCH", rawBody: "{" });
    expect(notObject.status).toBe(400);
    const unchanged = await call(flag(s), { token: s.token });
    expect(unchanged.body.segment_overrides).toEqual([]);
  });

  it("weighs variants: all of them, at most 100 in total; a new override inherits the default's", async () => {
    const mv = await createFeature(s, {
      multivariate_options: [
        { type: "unicode", string_value: "x", default_percentage_allocation: 10 },
        { type: "unicode", string_value: "y", default_percentage_allocation: 20 },
      ],
    });
    const [x, y] = mv.multivariate_options
      .map((o: { id: number }) => o.id)
      .sort((a: number, b: number) => a - b);
    const path = flag(s, mv.id);
    const partial = await call(path, {
      token: s.token,
      method: "PATCH",
      body: { environment_default: { variants: [{ id: x, weight: 5 }] } },
    });
    expect(partial.body).toEqual({
      environment_default: { variants: ["Must include all feature's variants."] },
    });
    const over = await call(path, {
      token: s.token,
      method: "PATCH",
      body: {
        environment_default: {
          variants: [
            { id: x, weight: 60 },
            { id: y, weight: 50 },
          ],
        },
      },
    });
    expect(over.body).toEqual({ environment_default: { variants: ["Total weight must not exceed 100."] } });
    const unknown = await call(path, {
      token: s.token,
      method: "PATCH",
      body: {
        environment_default: {
          variants: [
            { id: x, weight: 1 },
            { id: y, weight: 1 },
            { id: 999999, weight: 1 },
          ],
        },
      },
    });
    expect(unknown.body).toEqual({ environment_default: { variants: ["Variant not found."] } });
    const ok = await call(path, {
      token: s.token,
      method: "PATCH",
      body: {
        environment_default: {
          variants: [
            { id: x, weight: 25 },
            { id: y, weight: 25.5 },
          ],
        },
        segment_overrides: [{ segment: { id: s.segA } }],
      },
    });
    expect(ok.status, ok.text).toBe(200);
    const weights = [
      { id: x, weight: 25 },
      { id: y, weight: 25.5 },
    ];
    expect(ok.body.environment_default.variants).toEqual(weights);
    expect(ok.body.segment_overrides[0].variants).toEqual(weights);
    // PUT of a multivariate default without variants.
    const put = await call(path, {
      token: s.token,
      method: "PUT",
      body: { environment_default: { enabled: true } },
    });
    expect(put.body).toEqual({ environment_default: { variants: ["Must include all feature's variants."] } });
  });
});

describe("PUT", () => {
  it("replaces what it receives: omitted parts reset, overrides not listed removed", async () => {
    await write("PATCH", {
      environment_default: { enabled: true },
      segment_overrides: [{ segment: { id: s.segA } }, { segment: { id: s.segB }, priority: 4 }],
    });
    const res = await write("PUT", {
      environment_default: {},
      segment_overrides: [{ segment: { id: s.segB }, priority: 10 }],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      environment_default: { enabled: false, value: null, variants: [] },
      segment_overrides: [
        { segment: { id: s.segB }, priority: 10, enabled: false, value: null, variants: [] },
      ],
    });
  });

  it("a PUT of only the default leaves the overrides", async () => {
    await write("PATCH", {
      segment_overrides: [{ segment: { id: s.segA }, value: { type: "string", value: "a" } }],
    });
    const res = await write("PUT", {
      environment_default: { enabled: true, value: { type: "string", value: "v" } },
    });
    expect(res.body.segment_overrides).toHaveLength(1);
    expect(res.body.environment_default).toEqual({
      enabled: true,
      value: { type: "string", value: "v" },
      variants: [],
    });
  });
});

describe("permissions", () => {
  async function memberWith(permissions: string[]) {
    const member = await addMember(s.organisationId);
    const grant = await call(`/api/v1/environments/${s.envKey}/user-permissions/`, {
      token: s.token,
      body: { user: member.id, permissions, admin: false },
    });
    expect(grant.status, grant.text).toBe(201);
    return { ...s, token: member.token };
  }

  it("asks UPDATE_FEATURE_STATE for the default and MANAGE_SEGMENT_OVERRIDES for overrides", async () => {
    const viewer = await memberWith(["VIEW_ENVIRONMENT"]);
    expect((await call(flag(viewer), { token: viewer.token })).status).toBe(200);
    expect((await write("PATCH", { environment_default: { enabled: true } }, viewer)).status).toBe(403);
    const toggler = await memberWith(["VIEW_ENVIRONMENT", "UPDATE_FEATURE_STATE"]);
    expect((await write("PATCH", { environment_default: { enabled: true } }, toggler)).status).toBe(200);
    const both = { environment_default: { enabled: true }, segment_overrides: [{ segment: { id: s.segA } }] };
    expect((await write("PATCH", both, toggler)).status).toBe(403);
    expect((await write("PATCH", { segment_overrides: [{ segment: { id: s.segA } }] }, toggler)).status).toBe(
      403,
    );
    const overrider = await memberWith(["VIEW_ENVIRONMENT", "MANAGE_SEGMENT_OVERRIDES"]);
    expect(
      (await write("PATCH", { segment_overrides: [{ segment: { id: s.segA } }] }, overrider)).status,
    ).toBe(200);
    expect((await write("PATCH", { environment_default: { enabled: false } }, overrider)).status).toBe(403);
    const del = `${flag(s)}segment-overrides/${s.segA}/`;
    expect((await call(del, { token: toggler.token, method: "DELETE" })).status).toBe(403);
    expect((await call(del, { token: overrider.token, method: "DELETE" })).status).toBe(200);
  });
});

describe("DELETE …/segment-overrides/{segment_id}/", () => {
  it("removes one override, closes the gap, and answers the flag; 404 when there is none", async () => {
    await write("PATCH", {
      segment_overrides: [{ segment: { id: s.segA } }, { segment: { id: s.segB } }],
    });
    const path = `${flag(s)}segment-overrides/${s.segA}/`;
    expect((await call(path, { method: "DELETE" })).status).toBe(401);
    const res = await call(path, { token: s.token, method: "DELETE" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.segment_overrides).toEqual([
      expect.objectContaining({ segment: { id: s.segB }, priority: 0 }),
    ]);
    const again = await call(path, { token: s.token, method: "DELETE" });
    expect(again).toMatchObject({ status: 404, body: { detail: "Segment override not found." } });
    const other = await seed();
    expect(
      (await call(`${flag(s)}segment-overrides/${s.segB}/`, { token: other.token, method: "DELETE" })).status,
    ).toBe(404);
  });
});
