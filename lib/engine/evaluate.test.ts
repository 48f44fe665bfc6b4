import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateEnvironmentFlags, evaluateIdentityFlags, type ResolvedFlag } from "./evaluate";
import { API_KEY, cond, doc, feature, mvValue, rule, segment, state, trait } from "./test-fixtures";
import type { EngineFeatureState, EngineIdentityOverride, EngineSegment } from "./types";

const banner = feature(1, "banner");
const colour = feature(2, "colour", "MULTIVARIATE");
const gold = [rule("ALL", [cond("EQUAL", "plan", "gold")])];
const everyone = [rule("ALL", [])];

function withPriority(priority: number | null, overrides: Partial<EngineFeatureState> = {}) {
  return state(banner, { feature_segment: priority === null ? null : { priority }, ...overrides });
}

function identityOverride(identifier: string, states: EngineFeatureState[]): EngineIdentityOverride {
  return {
    identifier,
    environment_api_key: API_KEY,
    composite_key: `${API_KEY}_${identifier}`,
    created_date: "2024-01-01T00:00:00Z",
    identity_uuid: "5c1b8f9e-0000-4000-8000-000000000000",
    django_id: 1,
    dashboard_alias: null,
    identity_traits: [],
    identity_features: states,
  };
}

function evaluateBanner(
  segments: EngineSegment[],
  traits = [trait("plan", "gold")],
  extra = {},
): ResolvedFlag {
  const environment = doc(
    { feature_states: [state(banner, { feature_state_value: "default" })], ...extra },
    segments,
  );
  return evaluateIdentityFlags({ doc: environment, identifier: "alice", traits })[0];
}

describe("evaluateEnvironmentFlags", () => {
  it("returns every environment default, in order, without bucketing", () => {
    const flags = evaluateEnvironmentFlags(
      doc({
        feature_states: [
          state(banner, { feature_state_value: "hi", enabled: false }),
          state(colour, {
            django_id: 100,
            feature_state_value: "grey",
            multivariate_feature_state_values: [mvValue(1, 100, { id: 1, value: "red", key: "r" })],
          }),
        ],
      }),
    );
    expect(
      flags.map((flag) => [flag.feature.name, flag.enabled, flag.value, flag.variant, flag.reason]),
    ).toEqual([
      ["banner", false, "hi", null, "DEFAULT"],
      ["colour", true, "grey", "control", "DEFAULT"],
    ]);
    expect(flags.every((flag) => flag.overriddenBy === null && flag.segment === null)).toBe(true);
  });
});

describe("evaluateIdentityFlags precedence", () => {
  it("serves the environment default when no segment matches", () => {
    const flag = evaluateBanner([segment(1, gold, [withPriority(0, { feature_state_value: "seg" })])], []);
    expect([flag.value, flag.overriddenBy, flag.reason, flag.segment]).toEqual([
      "default",
      null,
      "DEFAULT",
      null,
    ]);
  });

  it("serves a matching segment's override", () => {
    const flag = evaluateBanner([
      segment(1, gold, [withPriority(0, { feature_state_value: "seg" })], "Gold"),
    ]);
    expect(flag.value).toBe("seg");
    expect(flag.overriddenBy).toBe("SEGMENT");
    expect(flag.segment).toEqual({ id: 1, name: "Gold" });
    expect(flag.reason).toBe("TARGETING_MATCH; segment=Gold");
    expect(flag.state.feature_segment).toEqual({ priority: 0 });
  });

  it("picks the lowest priority number among matching segments, whatever their order", () => {
    const low = segment(1, everyone, [withPriority(1, { feature_state_value: "one" })]);
    const high = segment(2, everyone, [withPriority(0, { feature_state_value: "zero" })]);
    expect(evaluateBanner([low, high]).value).toBe("zero");
    expect(evaluateBanner([high, low]).value).toBe("zero");
  });

  it("breaks ties, and missing priorities, by document order", () => {
    const first = segment(1, everyone, [withPriority(3, { feature_state_value: "first" })]);
    const second = segment(2, everyone, [withPriority(3, { feature_state_value: "second" })]);
    expect(evaluateBanner([first, second]).value).toBe("first");
    const unranked = (id: number, value: string) =>
      segment(id, everyone, [withPriority(null, { feature_state_value: value })]);
    expect(evaluateBanner([unranked(1, "a"), unranked(2, "b")]).value).toBe("a");
    // A missing priority ranks after any number.
    expect(evaluateBanner([unranked(1, "a"), second]).value).toBe("second");
  });

  it("ignores overrides of segments the identity is not in", () => {
    const out = segment(1, gold, [withPriority(0, { feature_state_value: "no" })]);
    const inside = segment(2, everyone, [withPriority(5, { feature_state_value: "yes" })]);
    expect(evaluateBanner([out, inside], [trait("plan", "silver")]).value).toBe("yes");
  });

  it("lets an identity override beat every segment", () => {
    const seg = segment(1, everyone, [withPriority(0, { feature_state_value: "seg" })]);
    const overrides = [
      identityOverride("alice", [state(banner, { feature_state_value: "mine", enabled: false })]),
    ];
    const flag = evaluateBanner([seg], [], { identity_overrides: overrides });
    expect([flag.value, flag.enabled, flag.overriddenBy, flag.reason]).toEqual([
      "mine",
      false,
      "IDENTITY",
      "IDENTITY_OVERRIDE",
    ]);
    const other = evaluateBanner([seg], [], {
      identity_overrides: [identityOverride("bob", overrides[0].identity_features)],
    });
    expect(other.value).toBe("seg");
  });

  it("uses the identityOverrides input instead of the document's when given", () => {
    const environment = doc({
      feature_states: [state(banner, { feature_state_value: "default" })],
      identity_overrides: [identityOverride("alice", [state(banner, { feature_state_value: "from doc" })])],
    });
    const given = evaluateIdentityFlags({
      doc: environment,
      identifier: "alice",
      traits: [],
      identityOverrides: [state(banner, { feature_state_value: "stored" })],
    });
    expect(given[0].value).toBe("stored");
    expect(
      evaluateIdentityFlags({ doc: environment, identifier: "alice", traits: [], identityOverrides: [] })[0]
        .value,
    ).toBe("default");
  });

  it("ignores overrides of features the environment does not have", () => {
    const stray = segment(1, everyone, [state(feature(99, "ghost"), { feature_segment: { priority: 0 } })]);
    const flags = evaluateIdentityFlags({
      doc: doc({ feature_states: [state(banner)] }, [stray]),
      identifier: "alice",
      traits: [],
    });
    expect(flags.map((flag) => flag.feature.id)).toEqual([1]);
  });

  it("hashes by identity id when the environment does not use composite keys", () => {
    // python3: pct(["9", "env-key_alice"]) = 32.53, pct(["9", "123"]) = 75.49.
    const split = segment(
      9,
      [rule("ALL", [cond("PERCENTAGE_SPLIT", null, "50")])],
      [withPriority(0, { feature_state_value: "in" })],
    );
    const run = (composite: boolean) =>
      evaluateIdentityFlags({
        doc: doc(
          {
            feature_states: [state(banner, { feature_state_value: "out" })],
            use_identity_composite_key_for_hashing: composite,
          },
          [split],
        ),
        identifier: "alice",
        identityId: 123,
        traits: [],
      })[0].value;
    expect(run(true)).toBe("in");
    expect(run(false)).toBe("out");
  });

  it("is deterministic", () => {
    const environment = doc({ feature_states: [state(banner)] }, [
      segment(
        3,
        [rule("ALL", [cond("PERCENTAGE_SPLIT", null, "50")])],
        [withPriority(0, { enabled: false })],
      ),
    ]);
    fc.assert(
      fc.property(fc.string(), (identifier) => {
        const once = evaluateIdentityFlags({ doc: environment, identifier, traits: [] });
        expect(evaluateIdentityFlags({ doc: environment, identifier, traits: [] })).toEqual(once);
      }),
      { numRuns: 200 },
    );
  });
});

describe("evaluateIdentityFlags multivariate", () => {
  // python3: pct(["100", "env-key_<name>"]) = alice 92.84, bob 20.97, carol 55.89.
  const values = [
    mvValue(1, 30, { id: 11, value: "red", key: "r" }),
    mvValue(2, 30, { id: 12, value: "green", key: null }),
  ];
  const mvDefault = state(colour, {
    django_id: 100,
    feature_state_value: "grey",
    multivariate_feature_state_values: values,
  });
  const colourFor = (
    identifier: string,
    segments: EngineSegment[] = [],
    identityOverrides?: EngineFeatureState[],
  ) =>
    evaluateIdentityFlags({
      doc: doc({ feature_states: [mvDefault] }, segments),
      identifier,
      traits: [],
      identityOverrides,
    })[0];

  it("assigns a variant from the environment default", () => {
    expect(colourFor("bob")).toMatchObject({
      value: "red",
      variant: "r",
      reason: "SPLIT; weight=30.0",
      overriddenBy: null,
    });
    // An option without a key is reported as null (Flagsmith's serializer returns option.key).
    expect(colourFor("carol")).toMatchObject({
      value: "green",
      variant: null,
      multivariateValue: values[1],
      reason: "SPLIT; weight=30.0",
    });
    expect(colourFor("alice")).toMatchObject({ value: "grey", variant: "control", reason: "DEFAULT" });
  });

  it("buckets a winning segment override with its own values", () => {
    const segState = state(colour, {
      django_id: 100,
      feature_state_value: "seg-control",
      feature_segment: { priority: 0 },
      multivariate_feature_state_values: [mvValue(7, 50, { id: 11, value: "red", key: "r" })],
    });
    const seg = segment(4, everyone, [segState], "Beta");
    expect(colourFor("bob", [seg])).toMatchObject({
      value: "red",
      variant: "r",
      reason: "SPLIT; weight=50.0",
      overriddenBy: "SEGMENT",
      segment: { id: 4, name: "Beta" },
    });
    expect(colourFor("alice", [seg])).toMatchObject({
      value: "seg-control",
      variant: "control",
      reason: "TARGETING_MATCH; segment=Beta",
    });
  });

  it("never buckets identity overrides", () => {
    const mine = state(colour, {
      feature_state_value: "purple",
      multivariate_feature_state_values: values,
      django_id: 100,
    });
    expect(colourFor("bob", [], [mine])).toMatchObject({
      value: "purple",
      variant: "control",
      overriddenBy: "IDENTITY",
    });
  });
});
