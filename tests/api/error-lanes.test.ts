// Issue 25, one responder for both lanes: an environment too large to serve (past
// ENSIGN_MAX_SNAPSHOT_BYTES) answers the same status, headers and body on the SDK fast lane,
// through Next's route handlers (ENSIGN_FAST_LANE=0), on the SSE stream and on OFREP.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, seed, type ApiResult, type Seeded } from "../support/api";
import { startEnsign, type RunningEnsign } from "../support/server";
import { createFeature } from "../sdk/fixtures";

const SMALL_SNAPSHOT = { ENSIGN_MAX_SNAPSHOT_BYTES: "20000" };
const TOO_LARGE = {
  detail:
    "This environment is too large to serve: reduce its feature values or raise ENSIGN_MAX_SNAPSHOT_BYTES.",
};

let fastLane: RunningEnsign;
let nextOnly: RunningEnsign;
let big: Seeded;

beforeAll(async () => {
  const databaseUrl = inject("databaseUrl");
  [fastLane, nextOnly, big] = await Promise.all([
    startEnsign({ databaseUrl, env: SMALL_SNAPSHOT }),
    startEnsign({ databaseUrl, env: { ...SMALL_SNAPSHOT, ENSIGN_FAST_LANE: "0" } }),
    // Written through this run's server, whose snapshot budget is the default.
    seed(),
  ]);
  await createFeature(big, { name: "big_value", initial_value: "x".repeat(15_000) });
});

afterAll(async () => {
  await Promise.all([fastLane?.stop(), nextOnly?.stop()]);
});

function expectTooLarge(res: ApiResult, lane: string) {
  expect([lane, res.status, res.body]).toEqual([lane, 503, TOO_LARGE]);
  expect(res.headers.get("retry-after")).toBe("60");
  expect(res.headers.get("content-type")).toBe("application/json");
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
}

const lanes = () =>
  [
    ["fast lane", fastLane.url],
    ["ENSIGN_FAST_LANE=0", nextOnly.url],
  ] as const;

describe("an environment too large to serve answers alike on every lane", () => {
  it("GET /api/v1/flags/ and /api/v1/identities/", async () => {
    for (const [lane, baseUrl] of lanes()) {
      expectTooLarge(await call("/api/v1/flags/", { baseUrl, envKey: big.envKey }), lane);
      const identities = await call("/api/v1/identities/?identifier=someone", {
        baseUrl,
        envKey: big.envKey,
      });
      expectTooLarge(identities, lane);
    }
  });

  it("the SSE stream", async () => {
    for (const [lane, baseUrl] of lanes())
      expectTooLarge(await call(`/sse/environments/${big.envKey}/stream`, { baseUrl }), lane);
  });

  it("OFREP, bulk and single flag", async () => {
    for (const [lane, baseUrl] of lanes()) {
      const bulk = await call("/ofrep/v1/evaluate/flags", { baseUrl, envKey: big.envKey, body: {} });
      expectTooLarge(bulk, lane);
      const one = await call("/ofrep/v1/evaluate/flags/big_value", { baseUrl, envKey: big.envKey, body: {} });
      expectTooLarge(one, lane);
    }
  });
});
