// POST /api/v1/analytics/flags/ (SDK evaluation counts) and the dashboard's read of them.
import { describe, expect, it } from "vitest";
import { call, seed, type Seeded } from "../support/api";
import { createFeature } from "../sdk/fixtures";

const today = () => new Date().toISOString().slice(0, 10);

async function report(s: Seeded, days?: number) {
  const res = await call(`/api/v1/environments/${s.envKey}/analytics/flags/${days ? `?days=${days}` : ""}`, {
    token: s.token,
  });
  expect(res.status).toBe(200);
  return res.body as Record<string, { day: string; count: number }[]>;
}

describe("POST /api/v1/analytics/flags/", () => {
  it("answers 200 with an empty body and adds the counts per feature per day", async () => {
    const s = await seed();
    await createFeature(s, { name: "counted" });
    await createFeature(s, { name: "other" });
    const res = await call("/api/v1/analytics/flags/", { envKey: s.envKey, body: { counted: 3, other: 1 } });
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    await Promise.all(
      Array.from({ length: 20 }, () =>
        call("/api/v1/analytics/flags/", { envKey: s.envKey, body: { counted: 2 } }),
      ),
    );
    const body = await report(s, 7);
    expect(Object.keys(body)).toEqual(["counted", "other"]);
    expect(body.counted).toHaveLength(7);
    expect(body.counted.at(-1)).toEqual({ day: today(), count: 43 });
    expect(body.counted[0].count).toBe(0);
    expect(body.other.at(-1)).toEqual({ day: today(), count: 1 });
  });

  it("drops unknown features and counts that are not positive integers", async () => {
    const s = await seed();
    await createFeature(s, { name: "known" });
    const res = await call("/api/v1/analytics/flags/", {
      envKey: s.envKey,
      body: { known: 1, unknown: 5, known_too: "3" },
    });
    expect(res.status).toBe(200);
    await call("/api/v1/analytics/flags/", { envKey: s.envKey, body: { known: "2" } });
    await call("/api/v1/analytics/flags/", { envKey: s.envKey, body: { known: 1.5 } });
    await call("/api/v1/analytics/flags/", { envKey: s.envKey, body: { known: true } });
    const body = await report(s);
    expect(Object.keys(body)).toEqual(["known"]);
    expect(body.known).toHaveLength(30);
    expect(body.known.at(-1)!.count).toBe(1);
  });

  it("refuses a body that is not an object, malformed JSON and bad keys", async () => {
    const s = await seed();
    const list = await call("/api/v1/analytics/flags/", { envKey: s.envKey, body: [1] });
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ non_field_errors: ["Expected a JSON object."] });
    const malformed = await call("/api/v1/analytics/flags/", { envKey: s.envKey, rawBody: "{" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/^JSON parse error - /);
    const missing = await call("/api/v1/analytics/flags/", { body: {} });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ detail: "Invalid or missing Environment key" });
    expect(await report(s)).toEqual({});
  });
});

describe("GET /api/v1/environments/{key}/analytics/flags/", () => {
  it("needs a user who can see the environment", async () => {
    const s = await seed();
    const other = await seed();
    expect((await call(`/api/v1/environments/${s.envKey}/analytics/flags/`)).status).toBe(401);
    const foreign = await call(`/api/v1/environments/${s.envKey}/analytics/flags/`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: "Not found." });
  });

  it("validates days", async () => {
    const s = await seed();
    const bad = await call(`/api/v1/environments/${s.envKey}/analytics/flags/?days=abc`, { token: s.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ days: ["A valid integer is required."] });
    const zero = await call(`/api/v1/environments/${s.envKey}/analytics/flags/?days=0`, { token: s.token });
    expect(zero.status).toBe(400);
    expect(zero.body).toEqual({ days: ["Ensure this value is greater than or equal to 1."] });
  });
});
