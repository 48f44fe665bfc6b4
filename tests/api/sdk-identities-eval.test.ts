// Identity evaluation through POST /api/v1/identities/: segment overrides, identity overrides,
// multivariate variants and the SDK filters, all set up through the admin API.
import { describe, expect, it } from "vitest";
import { seed } from "../support/api";
import {
  createFeature,
  createIdentityOverride,
  createSegment,
  createSegmentOverride,
  createServerKey,
  expectWithin1s,
  flagNamed,
  identify,
  patchEnvironment,
  rulesOf,
  sdkFlags,
  updateSegmentRules,
} from "../sdk/fixtures";

const plan = (value: string) => [{ trait_key: "plan", trait_value: value }];

describe("identity evaluation", () => {
  it("applies a segment override to matching identities only, and follows rule edits", async () => {
    const s = await seed();
    const feature = await createFeature(s, { name: "seg_flag", initial_value: "default" });
    const segment = await createSegment(
      s,
      "gold users",
      rulesOf([{ property: "plan", operator: "EQUAL", value: "gold" }]),
    );
    const { featureSegment, state } = await createSegmentOverride(s, {
      feature: feature.id,
      segment: segment.id,
      enabled: true,
      value: "gold!",
    });
    await expectWithin1s(async () => {
      const flag = flagNamed(
        (await identify(s.envKey, { identifier: "g1", traits: plan("gold") })).flags,
        "seg_flag",
      );
      return flag?.enabled === true;
    });
    const gold = flagNamed(
      (await identify(s.envKey, { identifier: "g1", traits: plan("gold") })).flags,
      "seg_flag",
    );
    expect(gold).toMatchObject({
      id: state.id,
      feature_state_value: "gold!",
      enabled: true,
      feature_segment: featureSegment.id,
      identity: null,
      variant: null,
    });
    const free = flagNamed(
      (await identify(s.envKey, { identifier: "f1", traits: plan("free") })).flags,
      "seg_flag",
    );
    expect(free).toMatchObject({ feature_state_value: "default", enabled: false, feature_segment: null });

    await updateSegmentRules(
      s,
      segment.id,
      rulesOf([{ property: "plan", operator: "EQUAL", value: "free" }]),
    );
    await expectWithin1s(async () => {
      const flag = flagNamed(
        (await identify(s.envKey, { identifier: "f1", traits: plan("free") })).flags,
        "seg_flag",
      );
      return flag?.enabled === true;
    });
  });

  it("uses stored traits for segment membership on later calls", async () => {
    const s = await seed();
    const feature = await createFeature(s, { name: "stored_seg" });
    const segment = await createSegment(
      s,
      "adults",
      rulesOf([{ property: "age", operator: "GREATER_THAN_INCLUSIVE", value: "18" }]),
    );
    await createSegmentOverride(s, {
      feature: feature.id,
      segment: segment.id,
      enabled: true,
      value: "adult",
    });
    await identify(s.envKey, { identifier: "kim", traits: [{ trait_key: "age", trait_value: 30 }] });
    await expectWithin1s(async () => {
      const flag = flagNamed((await identify(s.envKey, { identifier: "kim" })).flags, "stored_seg");
      return flag?.feature_state_value === "adult";
    });
  });

  it("lets an identity override win over segment overrides", async () => {
    const s = await seed();
    const feature = await createFeature(s, { name: "id_flag", initial_value: "default" });
    const segment = await createSegment(
      s,
      "everyone gold",
      rulesOf([{ property: "plan", operator: "EQUAL", value: "gold" }]),
    );
    await createSegmentOverride(s, {
      feature: feature.id,
      segment: segment.id,
      enabled: true,
      value: "segment",
    });
    const override = await createIdentityOverride(s, {
      identifier: "vip-user",
      feature: feature.id,
      enabled: false,
      value: "mine",
    });
    await expectWithin1s(async () => {
      const flag = flagNamed(
        (await identify(s.envKey, { identifier: "vip-user", traits: plan("gold") })).flags,
        "id_flag",
      );
      return flag?.feature_state_value === "mine";
    });
    const flag = flagNamed(
      (await identify(s.envKey, { identifier: "vip-user", traits: plan("gold") })).flags,
      "id_flag",
    );
    expect(flag).toMatchObject({
      id: override.id,
      enabled: false,
      identity: expect.any(Number),
      feature_segment: null,
    });
    const other = flagNamed(
      (await identify(s.envKey, { identifier: "someone", traits: plan("gold") })).flags,
      "id_flag",
    );
    expect(other?.feature_state_value).toBe("segment");
  });

  it("serves multivariate values with their variant, and control when nothing is allocated", async () => {
    const s = await seed();
    await createFeature(s, {
      name: "mv_all",
      initial_value: "control-value",
      multivariate_options: [{ type: "unicode", string_value: "big", default_percentage_allocation: 100 }],
    });
    await createFeature(s, {
      name: "mv_none",
      initial_value: "control-value",
      multivariate_options: [{ type: "unicode", string_value: "never", default_percentage_allocation: 0 }],
    });
    await createFeature(s, {
      name: "mv_keyed",
      initial_value: "control-value",
      multivariate_options: [
        { type: "unicode", string_value: "keyed", key: "k1", default_percentage_allocation: 100 },
      ],
    });
    const flags = (await identify(s.envKey, { identifier: "mv-user" })).flags;
    const all = flagNamed(flags, "mv_all");
    expect(all?.feature.type).toBe("MULTIVARIATE");
    expect(all?.feature_state_value).toBe("big");
    // The chosen option has no key: Flagsmith reports null, not the option's id.
    expect(all?.variant).toBeNull();
    expect(flagNamed(flags, "mv_keyed")).toMatchObject({ feature_state_value: "keyed", variant: "k1" });
    expect(flagNamed(flags, "mv_none")).toMatchObject({
      feature_state_value: "control-value",
      variant: "control",
    });
    // Environment flags carry the control value and no variant field.
    const env = flagNamed(await sdkFlags(s.envKey), "mv_all");
    expect(env?.feature_state_value).toBe("control-value");
    expect(env && "variant" in env).toBe(false);
  });

  it("hides server-key-only features from client keys and drops disabled winners when hiding disabled flags", async () => {
    const s = await seed();
    const { key } = await createServerKey(s);
    await createFeature(s, { name: "server_only", is_server_key_only: true, default_enabled: true });
    const feature = await createFeature(s, { name: "on_by_default", default_enabled: true });
    const segment = await createSegment(
      s,
      "off for gold",
      rulesOf([{ property: "plan", operator: "EQUAL", value: "gold" }]),
    );
    await createSegmentOverride(s, { feature: feature.id, segment: segment.id, enabled: false, value: "x" });
    const names = async (envKey: string, traits: unknown[]) =>
      (await identify(envKey, { identifier: "hd", traits })).flags.map((f) => f.feature.name).sort();
    expect(await names(s.envKey, [])).toEqual(["on_by_default"]);
    expect(await names(key, [])).toEqual(["on_by_default", "server_only"]);
    await patchEnvironment(s, { hide_disabled_flags: true });
    // The gold identity's winning state is the disabled override: the flag disappears.
    await expectWithin1s(async () => (await names(s.envKey, plan("gold"))).length === 0);
    expect(await names(s.envKey, plan("free"))).toEqual(["on_by_default"]);
  });
});
