// Every endpoint that accepts multivariate allocations checks them with one rule set: the same
// bad input answers the same status and body on each, and writes nothing. Every write also
// keeps the environment's value budget, the environment default's update included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, seed, unique, type ApiResult, type Seeded } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { startEnsign, type RunningEnsign } from "../support/server";

type Allocation = { multivariate_feature_option: number; percentage_allocation: number };
type Endpoint = { name: string; send: (allocations: Allocation[]) => Promise<ApiResult> };

const STATES = "/api/v1/features/featurestates/";
const FEATURE_SEGMENTS = "/api/v1/features/feature-segments/";
const INVALID_PK = (id: number) => `Invalid pk "${id}" - object does not exist.`;

async function created(path: string, s: Seeded, body: Record<string, unknown>) {
  const res = await call(path, { token: s.token, body });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
  return res.body;
}

const createFeature = (s: Seeded, options: number[]) =>
  created(`/api/v1/projects/${s.projectId}/features/`, s, {
    name: unique("feature"),
    multivariate_options: options.map((share, i) => ({
      string_value: `v${i}`,
      default_percentage_allocation: share,
    })),
  }) as Promise<{ id: number; multivariate_options: { id: number }[] }>;

const createSegment = (s: Seeded) =>
  created(`/api/v1/projects/${s.projectId}/segments/`, s, {
    name: unique("segment"),
    rules: [
      {
        type: "ALL",
        rules: [{ type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value: "pro" }] }],
      },
    ],
  }) as Promise<{ id: number }>;

/** Everything a bad write could have touched: the feature's states, weights and feature segments. */
async function writtenState(s: Seeded, featureId: number) {
  const states = await call(`${STATES}?environment=${s.environmentId}&feature=${featureId}`, {
    token: s.token,
  });
  const links = await call(`${FEATURE_SEGMENTS}?environment=${s.environmentId}&feature=${featureId}`, {
    token: s.token,
  });
  return { states: states.body, links: links.body };
}

/** A feature with two options, a sibling feature's option, and one override of each kind to change. */
async function setUp() {
  const s = await seed();
  const feature = await createFeature(s, [30, 30]);
  const sibling = await createFeature(s, [0]);
  const [a, b] = feature.multivariate_options.map((o) => o.id);
  const defaults = await call(`/api/v1/environments/${s.envKey}/featurestates/?feature=${feature.id}`, {
    token: s.token,
  });
  const defaultState = defaults.body.results[0].id as number;
  const value = { type: "unicode", string_value: "seg" };
  const [forCreate, forShortcut, forUpdate] = await Promise.all([
    createSegment(s),
    createSegment(s),
    createSegment(s),
  ]);
  const link = await created(FEATURE_SEGMENTS, s, {
    feature: feature.id,
    segment: forCreate.id,
    environment: s.environmentId,
  });
  const override = await created(
    `/api/v1/environments/${s.envKey}/features/${feature.id}/create-segment-override/`,
    s,
    { feature_segment: { segment: forUpdate.id }, feature_state_value: value },
  );
  const target = { feature: feature.id, environment: s.environmentId };
  const send = (path: string, method: string, body: Record<string, unknown>) =>
    call(path, { method, token: s.token, body });
  const endpoints: Endpoint[] = [
    ...["PUT", "PATCH"].map((method) => ({
      name: `${method} environment default`,
      send: (allocations: Allocation[]) =>
        send(`/api/v1/environments/${s.envKey}/featurestates/${defaultState}/`, method, {
          multivariate_feature_state_values: allocations,
        }),
    })),
    {
      name: "POST segment override",
      send: (allocations) =>
        send(STATES, "POST", {
          ...target,
          feature_segment: link.id,
          multivariate_feature_state_values: allocations,
        }),
    },
    ...["PUT", "PATCH"].map((method) => ({
      name: `${method} segment override`,
      send: (allocations: Allocation[]) =>
        send(`${STATES}${override.id}/`, method, {
          ...target,
          multivariate_feature_state_values: allocations,
        }),
    })),
    {
      name: "POST create-segment-override",
      send: (allocations) =>
        send(`/api/v1/environments/${s.envKey}/features/${feature.id}/create-segment-override/`, "POST", {
          feature_segment: { segment: forShortcut.id },
          feature_state_value: value,
          multivariate_feature_state_values: allocations,
        }),
    },
  ];
  return { s, feature, a, b, other: sibling.multivariate_options[0].id, endpoints };
}

describe("multivariate allocations: one rule set on every endpoint", () => {
  it("answers the same status and body to each bad input, and writes nothing", async () => {
    const { s, feature, a, b, other, endpoints } = await setUp();
    const mv = (...pairs: [number, number][]) =>
      pairs.map(([option, share]) => ({ multivariate_feature_option: option, percentage_allocation: share }));
    const items = (second: Record<string, string[]>) => ({ multivariate_feature_state_values: [{}, second] });
    const cases: { name: string; allocations: Allocation[]; body: unknown }[] = [
      {
        name: "an option twice",
        allocations: mv([a, 10], [a, 20]),
        body: items({
          non_field_errors: ["The fields feature_state, multivariate_feature_option must make a unique set."],
        }),
      },
      {
        name: "weights over 100",
        allocations: mv([a, 60], [b, 40.5]),
        body: { non_field_errors: ["Multivariate percentage values exceed 100%."] },
      },
      {
        name: "an unknown option",
        allocations: mv([a, 10], [99999999, 10]),
        body: items({ multivariate_feature_option: [INVALID_PK(99999999)] }),
      },
      {
        name: "another feature's option",
        allocations: mv([a, 10], [other, 10]),
        body: items({ multivariate_feature_option: [INVALID_PK(other)] }),
      },
      {
        name: "a negative weight",
        allocations: mv([b, 10], [a, -1]),
        body: items({ percentage_allocation: ["Ensure this value is greater than or equal to 0."] }),
      },
    ];
    const before = await writtenState(s, feature.id);
    for (const { name, allocations, body } of cases) {
      for (const endpoint of endpoints) {
        const res = await endpoint.send(allocations);
        expect({ status: res.status, body: res.body }, `${name}: ${endpoint.name}`).toEqual({
          status: 400,
          body,
        });
      }
    }
    expect(await writtenState(s, feature.id)).toEqual(before);
  });

  it("accepts the same good input on every endpoint", async () => {
    const { a, b, endpoints } = await setUp();
    const good = [
      { multivariate_feature_option: a, percentage_allocation: 45.5 },
      { multivariate_feature_option: b, percentage_allocation: 54.5 },
    ];
    for (const endpoint of endpoints) {
      const res = await endpoint.send(good);
      expect(res.status, endpoint.name).toBeLessThan(300);
      const shares = res.body.multivariate_feature_state_values.map((v: Allocation) => ({
        multivariate_feature_option: v.multivariate_feature_option,
        percentage_allocation: v.percentage_allocation,
      }));
      expect(shares, endpoint.name).toEqual(good);
    }
  });
});

describe("the value budget on an environment default's update", () => {
  let database: TestDatabase;
  let server: RunningEnsign;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startEnsign({
      databaseUrl: database.url,
      env: { ENSIGN_MAX_ENVIRONMENT_VALUE_CHARS: "50000" },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("refuses the value that would take the environment over its budget, writing nothing", async () => {
    const s = await seed(server.url);
    const api = (path: string, method: string, body?: unknown) =>
      call(path, { baseUrl: server.url, token: s.token, method, body });
    const features = `/api/v1/projects/${s.projectId}/features/`;
    // One feature's initial value is served twice (the feature's and its state's): 40,000 of 50,000.
    const big = await api(features, "POST", { name: "big", initial_value: "v".repeat(20_000) });
    expect(big.status).toBe(201);
    const small = await api(features, "POST", { name: "small", initial_value: "s" });
    const states = `/api/v1/environments/${s.envKey}/featurestates/`;
    const list = await api(`${states}?feature=${small.body.id}`, "GET");
    const path = `${states}${list.body.results[0].id}/`;
    const refused = await api(path, "PATCH", { feature_state_value: "v".repeat(10_000) });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      environment: [
        expect.stringMatching(/may total at most 50000 characters; this change would make 5\d{4}\.$/),
      ],
    });
    expect((await api(path, "GET")).body.feature_state_value).toBe("s");
    expect((await api(path, "PATCH", { feature_state_value: "v".repeat(5_000) })).status).toBe(200);
  });
});
