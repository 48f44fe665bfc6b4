// Issue 18: the OpenFeature Remote Evaluation Protocol. Exact bodies over HTTP, then the real
// OpenFeature provider for Node (@openfeature/ofrep-provider) evaluating every flag type.
import { OFREPProvider } from "@openfeature/ofrep-provider";
import { OpenFeature } from "@openfeature/server-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, seed, type Seeded } from "../support/api";
import {
  createFeature,
  createIdentityOverride,
  createSegment,
  createSegmentOverride,
  createServerKey,
  rulesOf,
  updateState,
} from "../sdk/fixtures";

let s: Seeded;
let serverKey: string;

const flagPath = (key: string) => `/ofrep/v1/evaluate/flags/${encodeURIComponent(key)}`;
const BULK = "/ofrep/v1/evaluate/flags";

beforeAll(async () => {
  s = await seed();
  await createFeature(s, { name: "on_off", default_enabled: true });
  await createFeature(s, { name: "off_flag", default_enabled: false });
  await createFeature(s, { name: "greeting", initial_value: "hello", default_enabled: true });
  await createFeature(s, { name: "limit", default_enabled: true });
  await updateState(s, "limit", { feature_state_value: 42 });
  await createFeature(s, { name: "ratio", default_enabled: true, initial_value: "0.25" });
  await createFeature(s, { name: "beta", default_enabled: true });
  await updateState(s, "beta", { feature_state_value: true });
  await createFeature(s, {
    name: "layout",
    default_enabled: true,
    initial_value: '{"columns":3,"dense":false}',
  });
  await createFeature(s, {
    name: "colour",
    default_enabled: true,
    initial_value: "grey",
    multivariate_options: [{ type: "unicode", string_value: "blue", default_percentage_allocation: 100 }],
  });
  await createFeature(s, { name: "secret_flag", default_enabled: true, is_server_key_only: true });
  const plan = await createFeature(s, {
    name: "plan_banner",
    default_enabled: true,
    initial_value: "standard",
  });
  const segment = await createSegment(
    s,
    "gold",
    rulesOf([{ property: "plan", operator: "EQUAL", value: "gold" }]),
  );
  await createSegmentOverride(s, {
    feature: plan.id,
    segment: segment.id,
    enabled: true,
    value: "gold-banner",
  });
  await createIdentityOverride(s, {
    identifier: "vip",
    feature: plan.id,
    enabled: true,
    value: "vip-banner",
  });
  serverKey = (await createServerKey(s)).key;
});

describe("POST /ofrep/v1/evaluate/flags/{key}", () => {
  it("evaluates one flag for a context, with the reason", async () => {
    const evaluate = (key: string, context: Record<string, unknown>) =>
      call(flagPath(key), { envKey: s.envKey, body: { context } });

    const gold = await evaluate("plan_banner", { targetingKey: "user-1", plan: "gold" });
    expect(gold.status).toBe(200);
    expect(gold.body).toEqual({
      key: "plan_banner",
      value: "gold-banner",
      reason: "TARGETING_MATCH",
      metadata: { enabled: true, segment: "gold" },
    });
    expect((await evaluate("plan_banner", { targetingKey: "user-1", plan: "free" })).body).toEqual({
      key: "plan_banner",
      value: "standard",
      reason: "DEFAULT",
      metadata: { enabled: true },
    });
    expect((await evaluate("plan_banner", { targetingKey: "vip" })).body).toEqual({
      key: "plan_banner",
      value: "vip-banner",
      reason: "TARGETING_MATCH",
      metadata: { enabled: true },
    });
    expect((await evaluate("plan_banner", {})).body).toEqual({
      key: "plan_banner",
      value: "standard",
      reason: "STATIC",
      metadata: { enabled: true },
    });
    expect((await evaluate("colour", { targetingKey: "user-1" })).body).toMatchObject({
      value: "blue",
      reason: "SPLIT",
      variant: expect.any(String),
    });
    expect((await evaluate("off_flag", { targetingKey: "user-1" })).body).toEqual({
      key: "off_flag",
      value: false,
      reason: "DISABLED",
      metadata: { enabled: false },
    });
    expect((await evaluate("layout", {})).body.value).toEqual({ columns: 3, dense: false });
    expect((await evaluate("limit", {})).body.value).toBe(42);
  });

  it("accepts the key as a Bearer token and answers 401 without a valid key", async () => {
    const bearer = await call(flagPath("on_off"), {
      headers: { Authorization: `Bearer ${s.envKey}` },
      body: { context: {} },
    });
    expect(bearer.body).toEqual({
      key: "on_off",
      value: true,
      reason: "STATIC",
      metadata: { enabled: true },
    });
    const missing = await call(flagPath("on_off"), { body: { context: {} } });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ errorDetails: "Invalid or missing Environment key" });
    const wrong = await call(flagPath("on_off"), { envKey: "NotARealKey", body: { context: {} } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ errorDetails: "Invalid or missing Environment Key" });
  });

  it("answers FLAG_NOT_FOUND, PARSE_ERROR and INVALID_CONTEXT", async () => {
    const missing = await call(flagPath("no_such_flag"), { envKey: s.envKey, body: {} });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      key: "no_such_flag",
      errorCode: "FLAG_NOT_FOUND",
      errorDetails: 'No flag named "no_such_flag" in this environment.',
    });
    const hidden = await call(flagPath("secret_flag"), { envKey: s.envKey, body: {} });
    expect(hidden.status).toBe(404);
    const shown = await call(flagPath("secret_flag"), { envKey: serverKey, body: {} });
    expect(shown.body).toEqual({
      key: "secret_flag",
      value: true,
      reason: "STATIC",
      metadata: { enabled: true },
    });

    const malformed = await call(flagPath("on_off"), { envKey: s.envKey, rawBody: "{nope" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ key: "on_off", errorCode: "PARSE_ERROR" });
    const nested = await call(flagPath("on_off"), {
      envKey: s.envKey,
      body: { context: { targetingKey: "u", address: { city: "Oslo" } } },
    });
    expect(nested.status).toBe(400);
    expect(nested.body).toEqual({
      key: "on_off",
      errorCode: "INVALID_CONTEXT",
      errorDetails: 'Attribute "address" must be a string, a number or a boolean.',
    });
    const badKey = await call(flagPath("on_off"), {
      envKey: s.envKey,
      body: { context: { targetingKey: 7 } },
    });
    expect(badKey.body).toEqual({
      key: "on_off",
      errorCode: "INVALID_CONTEXT",
      errorDetails: "targetingKey must be a string.",
    });
  });
});

describe("POST /ofrep/v1/evaluate/flags (bulk)", () => {
  it("answers every visible flag with an ETag, and 304 when it has not changed", async () => {
    const first = await call(BULK, {
      envKey: s.envKey,
      body: { context: { targetingKey: "user-1", plan: "gold" } },
    });
    expect(first.status).toBe(200);
    const byKey = Object.fromEntries(first.body.flags.map((f: { key: string }) => [f.key, f]));
    expect(Object.keys(byKey).sort()).toEqual(
      ["beta", "colour", "greeting", "layout", "limit", "off_flag", "on_off", "plan_banner", "ratio"].sort(),
    );
    expect(byKey.plan_banner).toMatchObject({ value: "gold-banner", reason: "TARGETING_MATCH" });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);

    const again = await call(BULK, {
      envKey: s.envKey,
      headers: { "If-None-Match": etag },
      body: { context: { targetingKey: "user-1", plan: "gold" } },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    const otherContext = await call(BULK, {
      envKey: s.envKey,
      headers: { "If-None-Match": etag },
      body: { context: { targetingKey: "user-1", plan: "free" } },
    });
    expect(otherContext.status).toBe(200);
  });

  it("refuses bad bodies and keys", async () => {
    const malformed = await call(BULK, { envKey: s.envKey, rawBody: "[" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errorCode).toBe("PARSE_ERROR");
    const badContext = await call(BULK, { envKey: s.envKey, body: { context: "yes" } });
    expect(badContext.body).toEqual({
      errorCode: "INVALID_CONTEXT",
      errorDetails: "context must be an object.",
    });
    expect((await call(BULK, { body: {} })).status).toBe(401);
  });
});

describe("@openfeature/ofrep-provider (Node)", () => {
  it("evaluates boolean, string, number and object flags with their reasons", async () => {
    const provider = new OFREPProvider({ baseUrl: baseUrl(), headers: [["X-Environment-Key", s.envKey]] });
    await OpenFeature.setProviderAndWait("ofrep-test", provider);
    const client = OpenFeature.getClient("ofrep-test");
    const gold = { targetingKey: "user-2", plan: "gold" };

    expect(await client.getBooleanValue("on_off", false)).toBe(true);
    expect(await client.getBooleanValue("beta", false)).toBe(true);
    const off = await client.getBooleanDetails("off_flag", true);
    expect(off).toMatchObject({ value: false, reason: "DISABLED" });
    expect(await client.getStringValue("greeting", "x")).toBe("hello");
    expect(await client.getNumberValue("limit", 0)).toBe(42);
    expect(await client.getObjectValue("layout", {})).toEqual({ columns: 3, dense: false });
    const banner = await client.getStringDetails("plan_banner", "none", gold);
    expect(banner).toMatchObject({
      value: "gold-banner",
      reason: "TARGETING_MATCH",
      flagMetadata: { segment: "gold" },
    });
    const split = await client.getStringDetails("colour", "none", { targetingKey: "user-2" });
    expect(split).toMatchObject({ value: "blue", reason: "SPLIT" });

    const unknown = await client.getStringDetails("no_such_flag", "fallback");
    expect(unknown).toMatchObject({ value: "fallback", reason: "ERROR", errorCode: "FLAG_NOT_FOUND" });
    const mismatch = await client.getNumberDetails("greeting", 7);
    expect(mismatch).toMatchObject({ value: 7, errorCode: "TYPE_MISMATCH" });
    await OpenFeature.clearProviders();
  });
});
