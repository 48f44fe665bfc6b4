// GET /api/v1/flags/: exact flag objects, filters, auth failures, conditional GETs, and
// freshness of the in-memory snapshots after admin writes.
import { beforeAll, describe, expect, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import {
  createFeature,
  createServerKey,
  environmentState,
  expectWithin1s,
  flagNamed,
  patchEnvironment,
  patchOrganisation,
  patchProject,
  sdkFlags,
  updateState,
  within1s,
} from "../sdk/fixtures";

let data: Seeded;
beforeAll(async () => {
  data = await seed();
});

describe("GET /api/v1/flags/", () => {
  it("answers the exact Flagsmith flag object for every feature", async () => {
    const s = await seed();
    const feature = await createFeature(s, {
      name: "banner",
      description: "Top banner",
      initial_value: "hello",
      default_enabled: true,
    });
    const state = await environmentState(s, "banner");
    const res = await call("/api/v1/flags/", { envKey: s.envKey });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-flagsmith-document-updated-at")).toMatch(/^\d+\.\d+$/);
    expect(res.body).toEqual([
      {
        id: state.id,
        feature: {
          id: feature.id,
          name: "banner",
          created_date: feature.created_date,
          description: "Top banner",
          initial_value: "hello",
          default_enabled: true,
          type: "STANDARD",
        },
        feature_state_value: "hello",
        environment: s.environmentId,
        identity: null,
        feature_segment: null,
        enabled: true,
      },
    ]);
  });

  it("types values as Flagsmith does (int, bool, string, null)", async () => {
    const s = await seed();
    await createFeature(s, { name: "int_flag", initial_value: "42" });
    await createFeature(s, { name: "bool_flag", initial_value: "true" });
    await createFeature(s, { name: "float_flag", initial_value: "1.5" });
    await createFeature(s, { name: "none_flag" });
    const flags = await sdkFlags(s.envKey);
    expect(flagNamed(flags, "int_flag")?.feature_state_value).toBe(42);
    expect(flagNamed(flags, "bool_flag")?.feature_state_value).toBe(true);
    expect(flagNamed(flags, "float_flag")?.feature_state_value).toBe("1.5");
    expect(flagNamed(flags, "none_flag")?.feature_state_value).toBeNull();
  });

  it("returns one object for ?feature= (case-insensitive) and 404 for an unknown name", async () => {
    const s = await seed();
    await createFeature(s, { name: "Checkout_V2", default_enabled: true });
    const one = await call("/api/v1/flags/?feature=checkout_v2", { envKey: s.envKey });
    expect(one.status).toBe(200);
    expect(Array.isArray(one.body)).toBe(false);
    expect(one.body.feature.name).toBe("Checkout_V2");
    const missing = await call("/api/v1/flags/?feature=nope", { envKey: s.envKey });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: "Given feature not found" });
  });

  it("refuses a missing key and an unknown key with Flagsmith's 403 bodies", async () => {
    const missing = await call("/api/v1/flags/");
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ detail: "Invalid or missing Environment key" });
    const unknown = await call("/api/v1/flags/", { envKey: "NotAKey1234567890123456" });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual({ detail: "Invalid or missing Environment Key" });
    const unknownServer = await call("/api/v1/flags/", { envKey: "ser.NotAKey12345678901234" });
    expect(unknownServer.status).toBe(403);
    expect(unknownServer.body).toEqual({ detail: "Invalid or missing Environment Key" });
  });

  it("answers CORS preflights with the SDK headers allowed", async () => {
    const res = await call("/api/v1/flags/", {
      method: "OPTIONS",
      headers: { Origin: "https://app.example", "Access-Control-Request-Method": "GET" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const allowed = (res.headers.get("access-control-allow-headers") ?? "").toLowerCase();
    for (const header of [
      "x-environment-key",
      "content-type",
      "flagsmith-application-name",
      "flagsmith-application-version",
      "flagsmith-sdk-user-agent",
    ]) {
      expect(allowed).toContain(header);
    }
    expect(res.headers.get("access-control-max-age")).toBe("86400");
    const get = await call("/api/v1/flags/", { envKey: data.envKey });
    expect(get.headers.get("access-control-allow-origin")).toBe("*");
    expect((get.headers.get("access-control-expose-headers") ?? "").toLowerCase()).toContain(
      "x-flagsmith-document-updated-at",
    );
    // What a browser may send is the preflight's to say: an answer does not repeat it.
    for (const header of [
      "access-control-allow-headers",
      "access-control-allow-methods",
      "access-control-max-age",
    ])
      expect(get.headers.get(header)).toBeNull();
  });

  it("hides server-key-only features from client keys only", async () => {
    const s = await seed();
    await createFeature(s, { name: "secret_flag", is_server_key_only: true, default_enabled: true });
    await createFeature(s, { name: "public_flag", default_enabled: true });
    const { key } = await createServerKey(s);
    const client = await sdkFlags(s.envKey);
    expect(client.map((f) => f.feature.name)).toEqual(["public_flag"]);
    const server = await sdkFlags(key);
    expect(server.map((f) => f.feature.name).sort()).toEqual(["public_flag", "secret_flag"]);
    const one = await call("/api/v1/flags/?feature=secret_flag", { envKey: s.envKey });
    expect(one.status).toBe(404);
  });

  it("hides disabled flags when the environment (or, unset, the project) says so", async () => {
    const s = await seed();
    await createFeature(s, { name: "on_flag", default_enabled: true });
    await createFeature(s, { name: "off_flag", default_enabled: false });
    await patchProject(s, { hide_disabled_flags: true });
    await expectWithin1s(async () => (await sdkFlags(s.envKey)).length === 1);
    expect((await sdkFlags(s.envKey)).map((f) => f.feature.name)).toEqual(["on_flag"]);
    // An explicit environment value wins over the project's.
    await patchEnvironment(s, { hide_disabled_flags: false });
    await expectWithin1s(async () => (await sdkFlags(s.envKey)).length === 2);
    await patchEnvironment(s, { hide_disabled_flags: true });
    await patchProject(s, { hide_disabled_flags: false });
    await expectWithin1s(async () => (await sdkFlags(s.envKey)).length === 1);
  });

  it("blanks sensitive fields when hide_sensitive_data is on", async () => {
    const s = await seed();
    const feature = await createFeature(s, { name: "quiet", description: "d", initial_value: "v" });
    await patchEnvironment(s, { hide_sensitive_data: true });
    await expectWithin1s(async () => (await sdkFlags(s.envKey))[0]?.id === null);
    expect((await sdkFlags(s.envKey))[0]).toEqual({
      id: null,
      feature: {
        id: feature.id,
        name: "quiet",
        created_date: null,
        description: null,
        initial_value: null,
        default_enabled: null,
        type: "STANDARD",
      },
      feature_state_value: "v",
      environment: null,
      identity: null,
      feature_segment: null,
      enabled: false,
    });
  });

  it("sends an ETag and answers 304 to a matching If-None-Match until something changes", async () => {
    const s = await seed();
    await createFeature(s, { name: "etag_flag" });
    const first = await call("/api/v1/flags/", { envKey: s.envKey });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    const again = await call("/api/v1/flags/", { envKey: s.envKey, headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    await updateState(s, "etag_flag", { enabled: true });
    await expectWithin1s(async () => {
      const res = await call("/api/v1/flags/", { envKey: s.envKey, headers: { "If-None-Match": etag } });
      return res.status === 200 && res.body[0].enabled === true && res.headers.get("etag") !== etag;
    });
  });
});

describe("snapshot freshness", () => {
  it("serves admin writes within one second", async () => {
    const s = await seed();
    await createFeature(s, { name: "fresh_flag" });
    expect(flagNamed(await sdkFlags(s.envKey), "fresh_flag")?.enabled).toBe(false);
    await updateState(s, "fresh_flag", { enabled: true, feature_state_value: "blue" });
    await expectWithin1s(async () => {
      const flag = flagNamed(await sdkFlags(s.envKey), "fresh_flag");
      return flag?.enabled === true && flag.feature_state_value === "blue";
    });
    await createFeature(s, { name: "late_flag" });
    await expectWithin1s(async () => flagNamed(await sdkFlags(s.envKey), "late_flag") !== undefined);
  });

  it("accepts a new server key within a second and stops a revoked one within a second", async () => {
    const s = await seed();
    await sdkFlags(s.envKey);
    const { id, key } = await createServerKey(s);
    await expectWithin1s(async () => (await call("/api/v1/flags/", { envKey: key })).status === 200);
    const revoked = await call(`/api/v1/environments/${s.envKey}/api-keys/${id}/`, {
      method: "DELETE",
      token: s.token,
    });
    expect(revoked.status).toBe(204);
    await expectWithin1s(async () => (await call("/api/v1/flags/", { envKey: key })).status === 403);
    expect((await call("/api/v1/flags/", { envKey: key })).body).toEqual({
      detail: "Invalid or missing Environment Key",
    });
  });

  it("stops an expired server key", async () => {
    const s = await seed();
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const { key } = await createServerKey(s, { name: "short", expires_at: expiresAt });
    expect((await call("/api/v1/flags/", { envKey: key })).status).toBe(200);
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(expiresAt) - Date.now())));
    await expectWithin1s(async () => (await call("/api/v1/flags/", { envKey: key })).status === 403);
  });

  it("stops serving an organisation that stopped serving flags, and resumes", async () => {
    const s = await seed();
    await sdkFlags(s.envKey);
    await patchOrganisation(s, { stop_serving_flags: true });
    await expectWithin1s(async () => (await call("/api/v1/flags/", { envKey: s.envKey })).status === 403);
    expect((await call("/api/v1/flags/", { envKey: s.envKey })).body).toEqual({
      detail: "Organisation is disabled from serving flags.",
    });
    await patchOrganisation(s, { stop_serving_flags: false });
    await expectWithin1s(async () => (await call("/api/v1/flags/", { envKey: s.envKey })).status === 200);
  });

  it("forgets a deleted environment's key within a second", async () => {
    const s = await seed();
    const env = await call("/api/v1/environments/", {
      token: s.token,
      body: { name: unique("doomed"), project: s.projectId },
    });
    const key = env.body.api_key;
    expect((await call("/api/v1/flags/", { envKey: key })).status).toBe(200);
    const deleted = await call(`/api/v1/environments/${key}/`, { method: "DELETE", token: s.token });
    expect(deleted.status).toBe(204);
    expect(await within1s(async () => (await call("/api/v1/flags/", { envKey: key })).status === 403)).toBe(
      true,
    );
  });
});
