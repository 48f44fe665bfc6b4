// GET /api/v1/environment-document/: server keys only, Flagsmith's document shape, and
// conditional GETs.
import { describe, expect, it } from "vitest";
import { call, seed, type ApiResult } from "../support/api";
import {
  createFeature,
  createIdentityOverride,
  createSegment,
  createSegmentOverride,
  createServerKey,
  expectWithin1s,
  patchEnvironment,
  rulesOf,
  updateState,
} from "../sdk/fixtures";

const FEATURE_STATE_KEYS = [
  "django_id",
  "enabled",
  "feature",
  "feature_segment",
  "feature_state_value",
  "featurestate_uuid",
  "multivariate_feature_state_values",
];

describe("GET /api/v1/environment-document/", () => {
  it("answers the whole environment in Flagsmith's shape", async () => {
    const s = await seed();
    const { key } = await createServerKey(s);
    const plain = await createFeature(s, { name: "plain", initial_value: "7", default_enabled: true });
    const mv = await createFeature(s, {
      name: "colours",
      initial_value: "red",
      multivariate_options: [
        { type: "unicode", string_value: "blue", default_percentage_allocation: 30 },
        { type: "int", integer_value: 3, default_percentage_allocation: 20 },
      ],
    });
    const specific = await createFeature(s, { name: "specific_only" });
    const general = await createSegment(
      s,
      "general",
      rulesOf(
        [{ property: "plan", operator: "EQUAL", value: "gold" }],
        [{ property: "age", operator: "GREATER_THAN", value: "18" }],
      ),
    );
    await createSegment(s, "unused specific", rulesOf([{ property: "x", operator: "IS_SET" }]), specific.id);
    const { featureSegment } = await createSegmentOverride(s, {
      feature: plain.id,
      segment: general.id,
      enabled: false,
      value: "seg",
    });
    await createIdentityOverride(s, {
      identifier: "ovr-user",
      feature: plain.id,
      enabled: true,
      value: "mine",
    });

    let doc: ApiResult["body"];
    await expectWithin1s(async () => {
      const res = await call("/api/v1/environment-document/", { envKey: key });
      doc = res.body;
      return res.status === 200 && doc.identity_overrides.length === 1 && doc.project.segments.length === 1;
    });
    expect(Object.keys(doc).sort()).toEqual([
      "allow_client_traits",
      "api_key",
      "feature_states",
      "hide_disabled_flags",
      "hide_sensitive_data",
      "id",
      "identity_overrides",
      "name",
      "project",
      "updated_at",
      "use_identity_composite_key_for_hashing",
      "use_identity_overrides_in_local_eval",
    ]);
    expect(doc).toMatchObject({
      id: s.environmentId,
      api_key: s.envKey,
      name: "Development",
      allow_client_traits: true,
      hide_sensitive_data: false,
      hide_disabled_flags: null,
      use_identity_composite_key_for_hashing: true,
      use_identity_overrides_in_local_eval: true,
    });
    expect(Date.parse(doc.updated_at)).not.toBeNaN();
    expect(Object.keys(doc.project).sort()).toEqual([
      "enable_realtime_updates",
      "hide_disabled_flags",
      "id",
      "name",
      "organisation",
      "segments",
      "server_key_only_feature_ids",
    ]);
    expect(doc.project.organisation).toEqual({
      id: s.organisationId,
      name: expect.any(String),
      feature_analytics: expect.any(Boolean),
      stop_serving_flags: false,
      persist_trait_data: true,
    });
    expect(doc.project.server_key_only_feature_ids).toEqual([]);

    expect(doc.feature_states).toHaveLength(3);
    for (const state of doc.feature_states) expect(Object.keys(state).sort()).toEqual(FEATURE_STATE_KEYS);
    const plainState = doc.feature_states.find((f: ApiResult["body"]) => f.feature.id === plain.id);
    expect(plainState).toMatchObject({
      feature: { id: plain.id, name: "plain", type: "STANDARD" },
      enabled: true,
      feature_state_value: 7,
      feature_segment: null,
      multivariate_feature_state_values: [],
    });
    const mvState = doc.feature_states.find((f: ApiResult["body"]) => f.feature.id === mv.id);
    expect(mvState.feature.type).toBe("MULTIVARIATE");
    expect(mvState.multivariate_feature_state_values).toEqual([
      {
        id: expect.any(Number),
        mv_fs_value_uuid: expect.any(String),
        percentage_allocation: 30,
        multivariate_feature_option: {
          id: expect.any(Number),
          value: "blue",
          key: mvState.multivariate_feature_state_values[0].multivariate_feature_option.key,
        },
      },
      expect.objectContaining({
        percentage_allocation: 20,
        multivariate_feature_option: expect.objectContaining({ value: 3 }),
      }),
    ]);

    const optionKey = mvState.multivariate_feature_state_values[0].multivariate_feature_option.key;
    expect(optionKey === null || typeof optionKey === "string").toBe(true);

    // Only general segments, and feature-specific ones overridden here.
    const [segment] = doc.project.segments;
    expect(segment).toMatchObject({ id: general.id, name: "general" });
    expect(segment.rules).toEqual([
      {
        type: "ALL",
        conditions: [],
        rules: [
          { type: "ANY", rules: [], conditions: [{ operator: "EQUAL", value: "gold", property_: "plan" }] },
          {
            type: "ANY",
            rules: [],
            conditions: [{ operator: "GREATER_THAN", value: "18", property_: "age" }],
          },
        ],
      },
    ]);
    expect(segment.feature_states).toEqual([
      expect.objectContaining({
        feature: { id: plain.id, name: "plain", type: "STANDARD" },
        enabled: false,
        feature_state_value: "seg",
        feature_segment: { priority: featureSegment.priority },
      }),
    ]);

    expect(doc.identity_overrides).toEqual([
      {
        identifier: "ovr-user",
        environment_api_key: s.envKey,
        composite_key: `${s.envKey}_ovr-user`,
        created_date: expect.any(String),
        identity_uuid: expect.any(String),
        django_id: expect.any(Number),
        dashboard_alias: null,
        identity_traits: [],
        identity_features: [expect.objectContaining({ enabled: true, feature_state_value: "mine" })],
      },
    ]);
  });

  it("leaves identity overrides out when use_identity_overrides_in_local_eval is off", async () => {
    const s = await seed();
    const { key } = await createServerKey(s);
    const feature = await createFeature(s, { name: "f" });
    await createIdentityOverride(s, {
      identifier: "someone",
      feature: feature.id,
      enabled: true,
      value: "v",
    });
    await patchEnvironment(s, { use_identity_overrides_in_local_eval: false });
    await expectWithin1s(async () => {
      const res = await call("/api/v1/environment-document/", { envKey: key });
      return (
        res.body.use_identity_overrides_in_local_eval === false &&
        Array.isArray(res.body.identity_overrides) &&
        res.body.identity_overrides.length === 0
      );
    });
  });

  it("refuses client keys, missing keys and unknown server keys with 403", async () => {
    const s = await seed();
    const client = await call("/api/v1/environment-document/", { envKey: s.envKey });
    expect(client.status).toBe(403);
    expect(client.body).toEqual({ detail: "Invalid or missing Environment key" });
    const missing = await call("/api/v1/environment-document/");
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ detail: "Invalid or missing Environment key" });
    const unknown = await call("/api/v1/environment-document/", { envKey: "ser.unknownunknownunknown1" });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual({ detail: "Invalid or missing Environment Key" });
  });

  it("answers 304 to If-Modified-Since and If-None-Match until the document changes", async () => {
    const s = await seed();
    const { key } = await createServerKey(s);
    await createFeature(s, { name: "cond" });
    const first = await call("/api/v1/environment-document/", { envKey: key });
    expect(first.status).toBe(200);
    const lastModified = first.headers.get("last-modified")!;
    const etag = first.headers.get("etag")!;
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    const byDate = await call("/api/v1/environment-document/", {
      envKey: key,
      headers: { "If-Modified-Since": lastModified },
    });
    expect(byDate.status).toBe(304);
    expect(byDate.text).toBe("");
    const byTag = await call("/api/v1/environment-document/", {
      envKey: key,
      headers: { "If-None-Match": etag },
    });
    expect(byTag.status).toBe(304);
    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect(
      (await call("/api/v1/environment-document/", { envKey: key, headers: { "If-Modified-Since": older } }))
        .status,
    ).toBe(200);

    // Last-Modified has one-second precision: wait for the next second so the change shows.
    await new Promise((r) => setTimeout(r, 1100));
    await updateState(s, "cond", { enabled: true });
    await expectWithin1s(async () => {
      const res = await call("/api/v1/environment-document/", {
        envKey: key,
        headers: { "If-Modified-Since": lastModified },
      });
      return res.status === 200 && res.body.feature_states[0].enabled === true;
    });
    const changed = await call("/api/v1/environment-document/", {
      envKey: key,
      headers: { "If-None-Match": etag },
    });
    expect(changed.status).toBe(200);
  });
});
