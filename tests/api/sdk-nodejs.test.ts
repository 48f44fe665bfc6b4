// The real flagsmith-nodejs SDK (remote evaluation) against Ensign: what it reads must follow
// what the admin API writes, and identity flags must be what Ensign's engine decides for the
// environment document.
import { AnalyticsProcessor, Flagsmith, FlagsmithAPIError } from "flagsmith-nodejs";
import { describe, expect, it } from "vitest";
import { evaluateIdentityFlags, type EnvironmentDocument } from "@/lib/engine";
import { baseUrl, call, seed } from "../support/api";
import {
  createFeature,
  createIdentityOverride,
  createSegment,
  createSegmentOverride,
  createServerKey,
  expectWithin1s,
  rulesOf,
  updateState,
} from "../sdk/fixtures";

const apiUrl = () => `${baseUrl()}/api/v1/`;
const client = (environmentKey: string) => new Flagsmith({ environmentKey, apiUrl: apiUrl(), retries: 0 });

describe("flagsmith-nodejs (remote evaluation)", () => {
  it("reads environment flags and follows admin changes", async () => {
    const s = await seed();
    await createFeature(s, { name: "node_flag", initial_value: "one", default_enabled: false });
    await createFeature(s, { name: "node_number", initial_value: "12", default_enabled: true });
    const flagsmith = client(s.envKey);
    const flags = await flagsmith.getEnvironmentFlags();
    expect(flags.isFeatureEnabled("node_flag")).toBe(false);
    expect(flags.getFeatureValue("node_flag")).toBe("one");
    expect(flags.getFeatureValue("node_number")).toBe(12);
    expect(flags.getFlag("node_number").isDefault).toBe(false);

    await updateState(s, "node_flag", { enabled: true, feature_state_value: "two" });
    await expectWithin1s(async () => {
      const next = await flagsmith.getEnvironmentFlags();
      return next.isFeatureEnabled("node_flag") && next.getFeatureValue("node_flag") === "two";
    });
  });

  it("throws on a wrong key, as the SDK does on any non-200 answer", async () => {
    const flagsmith = client("NotARealEnvironmentKey1");
    const error = await flagsmith.getEnvironmentFlags().then(
      () => null,
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error & { cause?: unknown }).cause).toBeInstanceOf(FlagsmithAPIError);
    expect(String((error as Error & { cause?: Error }).cause?.message)).toContain("403");
    await expect(client("NotARealEnvironmentKey1").getIdentityFlags("x")).rejects.toThrow();
  });

  it("gets identity flags with segment overrides, identity overrides and variants as the engine decides", async () => {
    const s = await seed();
    const { key: serverKey } = await createServerKey(s);
    const seg = await createFeature(s, { name: "seg_feature", initial_value: "base" });
    const ovr = await createFeature(s, { name: "ovr_feature", initial_value: "base", default_enabled: true });
    await createFeature(s, {
      name: "mv_feature",
      initial_value: "control",
      multivariate_options: [
        { type: "unicode", string_value: "a", default_percentage_allocation: 33 },
        { type: "unicode", string_value: "b", default_percentage_allocation: 33 },
        { type: "int", integer_value: 7, default_percentage_allocation: 34 },
      ],
    });
    const segment = await createSegment(
      s,
      "adults",
      rulesOf([{ property: "age", operator: "GREATER_THAN_INCLUSIVE", value: "18" }]),
    );
    await createSegmentOverride(s, { feature: seg.id, segment: segment.id, enabled: true, value: "adult" });
    await createIdentityOverride(s, {
      identifier: "special",
      feature: ovr.id,
      enabled: false,
      value: "special-value",
    });

    const flagsmith = client(s.envKey);
    await expectWithin1s(
      async () =>
        (await flagsmith.getIdentityFlags("special")).getFeatureValue("ovr_feature") === "special-value",
    );
    const adult = await flagsmith.getIdentityFlags("grown-up", { age: 30 });
    expect(adult.isFeatureEnabled("seg_feature")).toBe(true);
    expect(adult.getFeatureValue("seg_feature")).toBe("adult");
    const child = await flagsmith.getIdentityFlags("kid", { age: 9 });
    expect(child.isFeatureEnabled("seg_feature")).toBe(false);
    expect(child.getFeatureValue("seg_feature")).toBe("base");
    const special = await flagsmith.getIdentityFlags("special");
    expect(special.isFeatureEnabled("ovr_feature")).toBe(false);

    // Independently: the engine run on the published environment document.
    const doc = (await call("/api/v1/environment-document/", { envKey: serverKey }))
      .body as EnvironmentDocument;
    const seen = new Set<unknown>();
    for (let i = 0; i < 30; i++) {
      const identifier = `mv-${i}`;
      const flags = await flagsmith.getIdentityFlags(identifier, { age: i });
      const expected = evaluateIdentityFlags({
        doc,
        identifier,
        traits: [{ trait_key: "age", trait_value: i }],
        identityOverrides:
          doc.identity_overrides.find((o) => o.identifier === identifier)?.identity_features ?? [],
      });
      for (const flag of expected) {
        expect(flags.isFeatureEnabled(flag.feature.name)).toBe(flag.enabled);
        expect(flags.getFeatureValue(flag.feature.name)).toEqual(flag.value);
      }
      seen.add(flags.getFeatureValue("mv_feature"));
    }
    // Thirty identities over three thirds: every variant shows up.
    expect([...seen].sort()).toEqual([7, "a", "b"]);
  });

  it("stores traits sent with getIdentityFlags, but not transient ones", async () => {
    const s = await seed();
    const flagsmith = client(s.envKey);
    await flagsmith.getIdentityFlags("trait-user", {
      plan: "gold",
      visits: 3,
      temp: { value: "x", transient: true },
    });
    const res = await call("/api/v1/identities/?identifier=trait-user", { envKey: s.envKey });
    const traits = Object.fromEntries(
      res.body.traits.map((t: { trait_key: string; trait_value: unknown }) => [t.trait_key, t.trait_value]),
    );
    expect(traits).toEqual({ plan: "gold", visits: 3 });
  });

  it("posts analytics that the dashboard can read", async () => {
    const s = await seed();
    await createFeature(s, { name: "tracked" });
    const processor = new AnalyticsProcessor({
      analyticsUrl: `${apiUrl()}analytics/flags/`,
      environmentKey: s.envKey,
      requestTimeoutMs: 5000,
    });
    processor.trackFeature("tracked");
    processor.trackFeature("tracked");
    await processor.flush();
    const report = await call(`/api/v1/environments/${s.envKey}/analytics/flags/?days=1`, { token: s.token });
    expect(report.body).toEqual({ tracked: [{ day: new Date().toISOString().slice(0, 10), count: 2 }] });
  });
});
