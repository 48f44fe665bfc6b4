import { describe, expect, it } from "vitest";
import { buildSnapshot, SnapshotTooLargeError } from "./compile";
import type { LoadedEnvironment } from "./load";

const at = new Date("2024-06-28T13:45:45.123Z");
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");
const feature = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  uuid: `f-${id}`,
  name,
  nameLower: name.toLowerCase(),
  projectId: 1,
  type: "STANDARD",
  defaultEnabled: false,
  initialValue: null,
  description: null,
  isArchived: false,
  isServerKeyOnly: false,
  createdAt: at,
  updatedAt: at,
  ...extra,
});
const state = (id: number, featureId: number, extra: Record<string, unknown> = {}) => ({
  id,
  uuid: `s-${id}`,
  featureId,
  environmentId: 7,
  featureSegmentId: null,
  identityId: null,
  scope: "env",
  enabled: true,
  valueType: "unicode",
  value: null,
  createdAt: at,
  updatedAt: at,
  multivariateValues: [],
  featureSegment: null,
  identity: null,
  ...extra,
});
const rule = (id: number, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  segmentId: null,
  parentRuleId: null,
  type,
  position: 0,
  conditions: [],
  rules: [],
  ...extra,
});

function loaded(): LoadedEnvironment {
  return {
    environment: {
      id: 7,
      uuid: "e",
      name: "Production",
      apiKey: "client-key",
      projectId: 1,
      description: null,
      bannerText: null,
      bannerColour: null,
      minimumChangeRequestApprovals: null,
      allowClientTraits: true,
      hideDisabledFlags: null,
      hideSensitiveData: false,
      useIdentityCompositeKeyForHashing: true,
      useIdentityOverridesInLocalEval: true,
      revision: 3,
      documentUpdatedAt: at,
      createdAt: at,
      project: {
        id: 1,
        uuid: "p",
        name: "Project",
        organisationId: 2,
        hideDisabledFlags: true,
        enableRealtimeUpdates: false,
        preventFlagDefaults: false,
        createdAt: at,
        organisation: {
          id: 2,
          uuid: "o",
          name: "Org",
          persistTraitData: true,
          stopServingFlags: false,
          featureAnalytics: true,
          createdAt: at,
        },
      },
      serverKeys: [
        {
          id: 1,
          key: null,
          keyHash: "hash-live",
          keyPrefix: "ser.live",
          name: "a",
          active: true,
          expiresAt: null,
          createdAt: at,
          environmentId: 7,
        },
        {
          id: 2,
          key: null,
          keyHash: "hash-off",
          keyPrefix: "ser.off",
          name: "b",
          active: false,
          expiresAt: null,
          createdAt: at,
          environmentId: 7,
        },
        {
          id: 3,
          key: null,
          keyHash: "hash-old",
          keyPrefix: "ser.old",
          name: "c",
          active: true,
          expiresAt: new Date(0),
          createdAt: at,
          environmentId: 7,
        },
      ],
    },
    features: [feature(10, "Banner"), feature(11, "secret", { isServerKeyOnly: true }), feature(12, "Off")],
    states: [
      state(100, 10, { valueType: "int", value: "5" }),
      state(101, 11),
      state(102, 12, { enabled: false }),
      state(103, 10, {
        featureSegmentId: 50,
        scope: "seg:50",
        featureSegment: { id: 50, priority: 0, segmentId: 30 },
      }),
      state(104, 10, {
        identityId: 60,
        scope: "id:60",
        identity: { id: 60, uuid: "i-60", identifier: "bob", createdAt: at },
      }),
    ],
    segments: [
      {
        id: 30,
        uuid: "g",
        name: "gold",
        description: null,
        projectId: 1,
        featureId: null,
        createdAt: at,
        updatedAt: at,
        rules: [
          rule(1, "ALL", {
            segmentId: 30,
            rules: [
              rule(2, "ANY", {
                parentRuleId: 1,
                conditions: [
                  {
                    id: 1,
                    ruleId: 2,
                    property: "plan",
                    operator: "EQUAL",
                    value: "gold",
                    description: null,
                    position: 0,
                  },
                ],
              }),
            ],
          }),
        ],
      },
      {
        id: 31,
        uuid: "h",
        name: "specific",
        description: null,
        projectId: 1,
        featureId: 12,
        createdAt: at,
        updatedAt: at,
        rules: [],
      },
    ],
  } as unknown as LoadedEnvironment;
}

describe("buildSnapshot", () => {
  const snapshot = buildSnapshot(loaded(), at.getTime());

  it("builds the environment document with every key and `property_` conditions", () => {
    const doc = snapshot.document;
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
    expect(doc.updated_at).toBe("2024-06-28T13:45:45.123Z");
    expect(doc.project.server_key_only_feature_ids).toEqual([11]);
    expect(doc.feature_states.map((s) => s.django_id)).toEqual([100, 101, 102]);
    expect(doc.feature_states[0]).toEqual({
      feature: { id: 10, name: "Banner", type: "STANDARD" },
      enabled: true,
      django_id: 100,
      featurestate_uuid: "s-100",
      feature_state_value: 5,
      feature_segment: null,
      multivariate_feature_state_values: [],
    });
    // The feature-specific segment has no override here, so it is left out.
    expect(doc.project.segments).toEqual([
      {
        id: 30,
        name: "gold",
        rules: [
          {
            type: "ALL",
            conditions: [],
            rules: [
              {
                type: "ANY",
                rules: [],
                conditions: [{ operator: "EQUAL", value: "gold", property_: "plan" }],
              },
            ],
          },
        ],
        feature_states: [expect.objectContaining({ django_id: 103, feature_segment: { priority: 0 } })],
      },
    ]);
    expect(doc.identity_overrides).toEqual([
      {
        identifier: "bob",
        environment_api_key: "client-key",
        composite_key: "client-key_bob",
        created_date: "2024-06-28T13:45:45.123Z",
        identity_uuid: "i-60",
        django_id: 60,
        dashboard_alias: null,
        identity_traits: [],
        identity_features: [expect.objectContaining({ django_id: 104 })],
      },
    ]);
    expect(JSON.parse(text(snapshot.documentBytes))).toEqual(doc);
  });

  it("keeps only live server keys and resolves hide_disabled_flags from the project", () => {
    expect([...snapshot.serverKeys.keys()]).toEqual(["hash-live"]);
    expect(snapshot.hideDisabledFlags).toBe(true);
    expect(snapshot.updatedAtHeader).toBe("1719582345.123000");
  });

  it("pre-serialises /flags/ per kind of key", () => {
    const client = JSON.parse(text(snapshot.flags.client.bytes));
    const server = JSON.parse(text(snapshot.flags.server.bytes));
    expect(client.map((f: { feature: { name: string } }) => f.feature.name)).toEqual(["Banner"]);
    expect(server.map((f: { feature: { name: string } }) => f.feature.name)).toEqual(["Banner", "secret"]);
    expect(client[0]).toEqual({
      id: 100,
      feature: {
        id: 10,
        name: "Banner",
        created_date: "2024-06-28T13:45:45.123Z",
        description: null,
        initial_value: null,
        default_enabled: false,
        type: "STANDARD",
      },
      feature_state_value: 5,
      environment: 7,
      identity: null,
      feature_segment: null,
      enabled: true,
    });
    expect(JSON.parse(text(snapshot.flags.client.byName.get("banner")!))).toEqual(client[0]);
    expect(snapshot.flags.client.etag).not.toBe(snapshot.flags.server.etag);
  });
});

describe("the snapshot memory budget", () => {
  it("slices each flag out of the encoded list, whatever its characters", () => {
    const data = loaded();
    Object.assign(data.states[0], { valueType: "unicode", value: "€uro ü 😀" });
    Object.assign(data.features[1], { name: "Zweite €", nameLower: "zweite €" });
    const built = buildSnapshot(data, at.getTime());
    const server = JSON.parse(text(built.flags.server.bytes));
    expect(server[0].feature_state_value).toBe("€uro ü 😀");
    expect(JSON.parse(text(built.flags.server.byName.get("banner")!))).toEqual(server[0]);
    expect(JSON.parse(text(built.flags.server.byName.get("zweite €")!))).toEqual(server[1]);
  });

  it("costs at least its encoded answers plus the document's strings", () => {
    const data = loaded();
    Object.assign(data.states[0], { valueType: "unicode", value: "€".repeat(50_000) });
    const built = buildSnapshot(data, at.getTime());
    expect(built.heapBytes).toBeGreaterThan(built.bytes + 100_000);
  });

  it("refuses an environment whose compiled answers exceed the budget, and keeps one within it", () => {
    const whole = buildSnapshot(loaded(), at.getTime());
    const bytes =
      whole.documentBytes.length + whole.flags.client.bytes.length + whole.flags.server.bytes.length;
    expect(() => buildSnapshot(loaded(), at.getTime(), bytes)).not.toThrow();
    expect(() => buildSnapshot(loaded(), at.getTime(), bytes - 1)).toThrow(SnapshotTooLargeError);
    expect(() => buildSnapshot(loaded(), at.getTime(), 10)).toThrow(SnapshotTooLargeError);
  });
});
