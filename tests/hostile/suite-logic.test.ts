// The hostile suite's own logic, without a server: the rules an answer is held to, the seeded
// generator (same seed, same run) and the cases it makes from an OpenAPI document.
import { describe, expect, it } from "vitest";
import { isFlagsmithErrorBody, problemWith, type Answer } from "./answers";
import { generateCases, operationsOf, type OpenApiDocument } from "./cases";
import { createRng, hostileSeed } from "./prng";
import { percentile } from "./flags-probe";

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { "content-type": "application/json", ...headers },
  text: JSON.stringify(body),
});

describe("Flagsmith's error shape", () => {
  it("accepts detail, per-field, nested, per-item and list-of-messages bodies", () => {
    expect(isFlagsmithErrorBody({ detail: "Not found." })).toBe(true);
    expect(isFlagsmithErrorBody({ detail: "Throttled.", code: "throttled" })).toBe(true);
    expect(isFlagsmithErrorBody({ name: ["This field is required."] })).toBe(true);
    expect(isFlagsmithErrorBody({ feature_state_value: { type: ["Not a valid choice."] } })).toBe(true);
    expect(isFlagsmithErrorBody({ rules: [{}, { conditions: ["Too many."] }] })).toBe(true);
    expect(isFlagsmithErrorBody(["Invalid or missing value for project parameter."])).toBe(true);
    expect(isFlagsmithErrorBody([{}, { id: ["A valid integer is required."] }])).toBe(true);
    // Raised outside serializer validation (an identity renamed onto another's identifier).
    const duplicate = "Identity with identifier 'x' already exists in this environment";
    expect(isFlagsmithErrorBody({ identifier: duplicate })).toBe(true);
  });

  it("refuses anything else", () => {
    for (const body of [
      null,
      "Not found",
      [],
      {},
      { detail: 1 },
      { name: "msg" },
      { identifier: "msg" },
      { name: [] },
      [1],
      { a: { b: {} } },
    ]) {
      expect(isFlagsmithErrorBody(body), JSON.stringify(body)).toBe(false);
    }
  });
});

describe("the rules every answer keeps", () => {
  it("passes successes, JSON errors and a 503 with Retry-After", () => {
    expect(problemWith({ status: 200, headers: {}, text: "<html>" }, "/api/v1/flags/")).toBeNull();
    expect(problemWith(json(404, { detail: "Not found." }), "/api/v1/x/")).toBeNull();
    expect(problemWith(json(503, { detail: "Busy." }, { "retry-after": "1" }), "/api/v1/flags/")).toBeNull();
  });

  it("names a 5xx, a 503 without Retry-After, HTML and a wrong shape", () => {
    expect(problemWith(json(500, { detail: "A server error occurred." }), "/api/v1/x/")).toMatch(/^500/);
    expect(problemWith(json(503, { detail: "Busy." }), "/api/v1/x/")).toMatch(/Retry-After/);
    const html = {
      status: 404,
      headers: { "content-type": "text/html; charset=utf-8" },
      text: "<!DOCTYPE html>",
    };
    expect(problemWith(html, "/api/v1/nope/")).toMatch(/not JSON/);
    expect(problemWith(html, "/dashboard/nope/")).toBeNull();
    expect(problemWith(json(400, { error: "bad" }), "/api/v1/x/")).toMatch(/error shape/);
    expect(problemWith({ status: 0, headers: {}, text: "", error: "socket hang up" }, "/api/")).toMatch(
      /no answer/,
    );
  });
});

const DOCUMENT: OpenApiDocument = {
  paths: {
    "/api/v1/projects/{projectId}/features/": {
      get: {
        operationId: "listFeatures",
        security: [{ tokenAuth: [] }],
        parameters: [
          { in: "path", name: "projectId", schema: { type: "string" } },
          { in: "query", name: "page", schema: { type: "string" } },
        ],
      },
      post: {
        operationId: "createFeature",
        security: [{ tokenAuth: [] }],
        parameters: [{ in: "path", name: "projectId", schema: { type: "string" } }],
        requestBody: {
          content: {
            "application/json": {
              schema: { $ref: "#/components/schemas/FeatureCreate" },
            },
          },
        },
      },
    },
    "/api/v1/features/{featureId}/": {
      delete: { operationId: "deleteFeature", security: [{ tokenAuth: [] }] },
    },
    "/health/liveness/": { get: { operationId: "liveness" } },
  },
  components: {
    schemas: {
      FeatureCreate: {
        type: "object",
        required: ["name"],
        properties: { name: { type: "string", maxLength: 2000 }, project: { type: "integer" } },
      },
    },
  },
};

const generate = (seed: number) =>
  generateCases({
    document: DOCUMENT,
    rng: createRng(seed),
    total: 30,
    idsFor: (_, destructive) => ({ projectId: destructive ? 2 : 1, featureId: destructive ? 20 : 10 }),
    missingIds: { projectId: 999, featureId: 999 },
  });

describe("cases from the OpenAPI document", () => {
  it("reads every /api/ operation with its security, parameters and body", () => {
    const ops = operationsOf(DOCUMENT);
    expect(ops.map((o) => `${o.method} ${o.operationId} ${o.security}`)).toEqual([
      "GET listFeatures token",
      "POST createFeature token",
      "DELETE deleteFeature token",
    ]);
    expect(ops[0].query.map((q) => q.name)).toEqual(["page"]);
    expect(ops[1].body).toBeDefined();
  });

  it("are the same for the same seed and differ for another", () => {
    const strip = (cases: ReturnType<typeof generate>) =>
      cases.map((c) => ({
        ...c,
        body: c.body === undefined ? undefined : Buffer.from(c.body).toString("hex"),
      }));
    expect(strip(generate(42))).toEqual(strip(generate(42)));
    expect(strip(generate(42))).not.toEqual(strip(generate(43)));
  });

  it("start with each operation's well-formed call, on the tenant's ids, and mark deletions destructive", () => {
    const cases = generate(7);
    const valid = cases.filter((c) => c.kind === "valid");
    expect(valid.map((c) => c.operationId)).toEqual(["listFeatures", "createFeature", "deleteFeature"]);
    const create = valid.find((c) => c.operationId === "createFeature")!;
    expect(create.path).toBe("/api/v1/projects/1/features/");
    expect(JSON.parse(String(create.body))).toMatchObject({ name: expect.any(String) });
    expect(valid.find((c) => c.operationId === "deleteFeature")).toMatchObject({
      path: "/api/v1/features/20/",
      destructive: true,
    });
    expect(cases.filter((c) => c.kind !== "valid").length).toBeGreaterThan(20);
  });
});

describe("seed and percentiles", () => {
  it("reads ENSIGN_HOSTILE_SEED, refusing what is not a whole number", () => {
    expect(hostileSeed({ ENSIGN_HOSTILE_SEED: "12345" })).toBe(12345);
    expect(() => hostileSeed({ ENSIGN_HOSTILE_SEED: "abc" })).toThrow(/ENSIGN_HOSTILE_SEED/);
    expect(hostileSeed({})).toBeGreaterThan(0);
  });

  it("takes the nearest-rank percentile", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile(values, 1)).toBe(100);
  });
});
