// Issue 9: the SDK fast lane (server/fast-lane.ts) and Next's route handlers answer
// identically. The suite's server runs with the fast lane; a second instance on the same
// database runs with ENSIGN_FAST_LANE=0, so its SDK answers come from app/api/v1.
import { beforeAll, describe, expect, it } from "vitest";
import { sharedEnsign, type SharedEnsign } from "../support/shared-server";
import { baseUrl, call, seed, type CallOptions, type Seeded } from "../support/api";

/** Shared with other files that compare the lanes (support/shared-server.ts). */
let nextLane: SharedEnsign;
let data: Seeded;
let serverKey: string;

const COMPARED_HEADERS = [
  "content-type",
  "x-flagsmith-document-updated-at",
  "etag",
  "last-modified",
  "access-control-allow-origin",
  "access-control-allow-headers",
];

beforeAll(async () => {
  nextLane = await sharedEnsign("next-lane", { ENSIGN_FAST_LANE: "0" });
  data = await seed();
  const { token, projectId, envKey } = data;
  for (const [name, extra] of [
    ["banner", { default_enabled: true, initial_value: "hello" }],
    ["Dark Mode", { default_enabled: false }],
    ["limit", { default_enabled: true, initial_value: "42" }],
  ] as const) {
    const res = await call(`/api/v1/projects/${projectId}/features/`, { token, body: { name, ...extra } });
    expect(res.status).toBe(201);
  }
  serverKey = (await call(`/api/v1/environments/${envKey}/api-keys/`, { token, body: { name: "bench" } }))
    .body.key;
});

async function both(path: string, options: CallOptions) {
  const fast = await call(path, { ...options, baseUrl: baseUrl() });
  const slow = await call(path, { ...options, baseUrl: nextLane.url });
  return { fast, slow };
}

function expectSame(fast: Awaited<ReturnType<typeof call>>, slow: Awaited<ReturnType<typeof call>>) {
  expect(fast.status).toBe(slow.status);
  expect(fast.body).toEqual(slow.body);
  for (const header of COMPARED_HEADERS)
    expect([header, fast.headers.get(header)]).toEqual([header, slow.headers.get(header)]);
}

describe("fast lane and route handlers answer identically", () => {
  it("GET /api/v1/flags/ in its variants", async () => {
    const { envKey } = data;
    const cases: [string, CallOptions][] = [
      ["/api/v1/flags/", { envKey }],
      ["/api/v1/flags/", { envKey: serverKey }],
      ["/api/v1/flags/?feature=dark%20mode", { envKey }],
      ["/api/v1/flags/?feature=missing", { envKey }],
      ["/api/v1/flags/", {}],
      ["/api/v1/flags/", { envKey: "nope" }],
    ];
    for (const [path, options] of cases) {
      const { fast, slow } = await both(path, options);
      expectSame(fast, slow);
    }
    const first = await call("/api/v1/flags/", { envKey });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(3);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const { fast, slow } = await both("/api/v1/flags/", { envKey, headers: { "If-None-Match": etag! } });
    expect(fast.status).toBe(304);
    expectSame(fast, slow);
  });

  it("POST and GET /api/v1/identities/", async () => {
    const { envKey } = data;
    const body = {
      identifier: "lane-user",
      traits: [
        { trait_key: "plan", trait_value: "gold" },
        { trait_key: "age", trait_value: 42 },
      ],
    };
    // The first call creates the identity; compare the answers once it exists.
    expect((await call("/api/v1/identities/", { envKey, body })).status).toBe(200);
    const cases: [string, CallOptions][] = [
      ["/api/v1/identities/", { envKey, body }],
      ["/api/v1/identities/?identifier=lane-user", { envKey }],
      ["/api/v1/identities/?identifier=lane-user&feature=banner", { envKey }],
      ["/api/v1/identities/", { envKey, rawBody: "{oops" }],
      ["/api/v1/identities/", { envKey, body: { identifier: "x", traits: "no" } }],
      ["/api/v1/identities/", { body }],
    ];
    for (const [path, options] of cases) {
      const { fast, slow } = await both(path, options);
      expectSame(fast, slow);
    }
  });

  it("GET /api/v1/environment-document/ and CORS preflight", async () => {
    const doc = await both("/api/v1/environment-document/", { envKey: serverKey });
    expect(doc.fast.status).toBe(200);
    expectSame(doc.fast, doc.slow);
    const client = await both("/api/v1/environment-document/", { envKey: data.envKey });
    expect(client.fast.status).toBe(403);
    expectSame(client.fast, client.slow);
    const preflight = await both("/api/v1/flags/", {
      method: "OPTIONS",
      headers: { Origin: "http://app.example", "Access-Control-Request-Headers": "x-environment-key" },
    });
    expect(preflight.fast.status).toBe(200);
    expect(preflight.fast.headers.get("access-control-allow-headers")).toMatch(/X-Environment-Key/i);
    expect(preflight.fast.headers.get("access-control-allow-headers")).toBe(
      preflight.slow.headers.get("access-control-allow-headers"),
    );
  });
});
