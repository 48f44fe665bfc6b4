// Issue 24, finding 9: every unknown path under /api/ (and the SDK's /sse/ and /ofrep/)
// answers Flagsmith's JSON 404 instead of Next's HTML page, and a path whose escapes are not
// UTF-8 (`%FF`) answers the same 404 instead of a 500: on the fast lane and with
// ENSIGN_FAST_LANE=0.
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, seed } from "../support/api";
import { sharedEnsign, type SharedEnsign } from "../support/shared-server";

const NOT_FOUND = { detail: "Not found." };

/** Shared with other files that compare the lanes (support/shared-server.ts). */
let nextOnly: SharedEnsign;

beforeAll(async () => {
  nextOnly = await sharedEnsign("next-lane", { ENSIGN_FAST_LANE: "0" });
});

const lanes = () =>
  [
    ["fast lane", baseUrl()],
    ["ENSIGN_FAST_LANE=0", nextOnly.url],
  ] as const;

async function expectNotFound(path: string, method = "GET") {
  for (const [lane, url] of lanes()) {
    const res = await call(path, { baseUrl: url, method, body: method === "GET" ? undefined : {} });
    expect([lane, path, method, res.status, res.body]).toEqual([lane, path, method, 404, NOT_FOUND]);
    expect(res.headers.get("content-type")).toBe("application/json");
  }
}

describe("unknown API paths answer a JSON 404", () => {
  it.each([
    "/api/v1/no-such-thing/",
    "/api/v1/no-such-thing",
    "/api/v1/projects/1/no-such-thing/",
    "/api/v1/flags/extra/",
    "/api/v2/flags/",
    "/api/",
    "/api/nothing",
    "/sse/environments/key/nothing",
    "/ofrep/v1/nothing",
  ])("GET %s", async (path) => {
    await expectNotFound(path);
  });

  it("whatever the method", async () => {
    await expectNotFound("/api/v1/no-such-thing/", "POST");
    await expectNotFound("/api/v1/no-such-thing/", "DELETE");
  });
});

describe("OFREP paths, which have no route file", () => {
  it("answer a JSON 405 to a method they lack, on both lanes", async () => {
    for (const [lane, url] of lanes()) {
      const res = await call("/ofrep/v1/evaluate/flags", { baseUrl: url });
      expect([lane, res.status, res.body]).toEqual([lane, 405, { detail: 'Method "GET" not allowed.' }]);
      expect(res.headers.get("allow")).toBe("POST, OPTIONS");
    }
  });
});

describe("paths with escapes that are not UTF-8 answer 404, never 500", () => {
  it.each([
    "/api/v1/environments/%FF/",
    "/api/v1/environments/%C3%28/featurestates/",
    "/api/v1/projects/%FF/",
    "/api/v1/organisations/%ED%A0%80/",
    "/api/v1/flags/%FF/",
    "/sse/environments/%FF/stream",
    "/ofrep/v1/evaluate/flags/%FF",
  ])("GET %s", async (path) => {
    await expectNotFound(path);
  });

  it("keeps serving well-formed escapes, and any bytes in a query", async () => {
    const s = await seed();
    for (const [lane, url] of lanes()) {
      const flags = await call("/api/v1/flags/?feature=%FF", { baseUrl: url, envKey: s.envKey });
      expect([lane, flags.status]).toEqual([lane, 404]);
      // The first digit of the id escaped (`%31` for 1), and bytes that are not UTF-8 in the query.
      const id = String(s.projectId);
      const path = `/api/v1/projects/%3${id[0]}${id.slice(1)}/?x=%FF`;
      const project = await call(path, { baseUrl: url, token: s.token });
      expect([lane, project.status, project.body.id]).toEqual([lane, 200, s.projectId]);
    }
  });
});
