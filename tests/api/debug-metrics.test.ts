// Issue 26: the event loop's delay as a debug metric, GET /health/metrics/. Off by default
// (the path is then the app's 404); with ENSIGN_DEBUG_METRICS=1 it answers loopback clients
// that come without forwarding headers, and no one else.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, seed } from "../support/api";
import { usesPostgres } from "../support/database";
import { startEnsign, type RunningEnsign } from "../support/server";

let instance: RunningEnsign;

beforeAll(async () => {
  instance = await startEnsign({ databaseUrl: inject("databaseUrl"), env: { ENSIGN_DEBUG_METRICS: "1" } });
}, 120_000);

afterAll(async () => {
  await instance?.stop();
});

const summary = {
  count: expect.any(Number),
  p50_ms: expect.any(Number),
  p99_ms: expect.any(Number),
  max_ms: expect.any(Number),
  mean_ms: expect.any(Number),
  seconds: expect.any(Number),
};

describe("GET /health/metrics/", () => {
  it("is not served by default", async () => {
    const res = await call("/health/metrics/");
    expect(res.status).toBe(404);
  });

  it("gives the event loop's delay since start and since the last read when enabled", async () => {
    const first = await call("/health/metrics/", { baseUrl: instance.url });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.body).toEqual({
      event_loop_delay: { resolution_ms: 5, since_start: summary, since_last_read: summary },
      stalls: {
        threshold_ms: 20,
        count: expect.any(Number),
        total_ms: expect.any(Number),
        max_ms: expect.any(Number),
        by_cause: expect.any(Object),
        gc: expect.any(Object),
        work: expect.any(Object),
        last: expect.any(Array),
      },
      memory: { heap_used_bytes: expect.any(Number), rss_bytes: expect.any(Number) },
      sse: { open_streams: 0, last_fanout: null },
      async_contexts: { quiet: expect.any(Boolean), times_quieted: expect.any(Number) },
      identity_answers: {
        remembered_segment_answers: expect.any(Number),
        compiled_flags: { entries: expect.any(Number), bytes: expect.any(Number) },
      },
    });
    const { since_start: start } = first.body.event_loop_delay;
    expect(start.count).toBeGreaterThan(0);
    expect(start.max_ms).toBeGreaterThanOrEqual(start.p99_ms);
    expect(start.p99_ms).toBeGreaterThanOrEqual(start.p50_ms);

    const second = await call("/health/metrics/", { baseUrl: instance.url });
    expect(second.status).toBe(200);
    // The second read covers only the time since the first.
    expect(second.body.event_loop_delay.since_last_read.seconds).toBeLessThan(
      second.body.event_loop_delay.since_start.seconds,
    );
    expect(second.body.event_loop_delay.since_start.count).toBeGreaterThanOrEqual(start.count);
  });

  it("counts the identity store's write transactions and their commits as declared work (SQLite)", async () => {
    const s = await seed(instance.url);
    const res = await call("/api/v1/identities/", {
      baseUrl: instance.url,
      envKey: s.envKey,
      body: { identifier: "metrics-probe", traits: [{ trait_key: "plan", trait_value: "pro" }] },
    });
    expect(res.status).toBe(200);
    const { body } = await call("/health/metrics/", { baseUrl: instance.url });
    const transactions = body.stalls.work["sqlite write transaction"];
    const commits = body.stalls.work["sqlite commit"];
    if (usesPostgres()) {
      expect(transactions).toBeUndefined();
      expect(commits).toBeUndefined();
    } else {
      expect(transactions.count).toBeGreaterThanOrEqual(1);
      // The commit is a span of its own, right after its transaction's statements.
      expect(commits.count).toBe(transactions.count);
    }
    // Stalls are delays over 20 ms, shown to a tenth: 20.04 ms reads 20.
    for (const stall of body.stalls.last) expect(stall.delay_ms).toBeGreaterThanOrEqual(20);
  });

  it("refuses a request that came through a proxy", async () => {
    for (const header of ["X-Forwarded-For", "Forwarded", "X-Real-IP"]) {
      const res = await call("/health/metrics/", {
        baseUrl: instance.url,
        headers: { [header]: header === "Forwarded" ? "for=203.0.113.9" : "203.0.113.9" },
      });
      expect(res.status).toBe(404);
    }
  });
});
