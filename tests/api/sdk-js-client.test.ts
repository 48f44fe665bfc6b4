// The real `flagsmith` JavaScript client, run in Node with its fetch: environment flags,
// identify with traits (segment overrides follow), and setTrait storing the trait.
import { createFlagsmithInstance } from "flagsmith/isomorphic";
import { describe, expect, it } from "vitest";
import { baseUrl, call, seed } from "../support/api";
import { createFeature, createSegment, createSegmentOverride, rulesOf } from "../sdk/fixtures";

async function start(environmentID: string) {
  const flagsmith = createFlagsmithInstance();
  await flagsmith.init({
    environmentID,
    api: `${baseUrl()}/api/v1/`,
    fetch: globalThis.fetch,
    cacheFlags: false,
    enableAnalytics: false,
  });
  return flagsmith;
}

describe("flagsmith JS client", () => {
  it("reads flags, identifies a user with traits and sets a trait", async () => {
    const s = await seed();
    await createFeature(s, { name: "js_banner", initial_value: "hello", default_enabled: true });
    const premium = await createFeature(s, { name: "js_premium", initial_value: "basic" });
    const segment = await createSegment(
      s,
      "gold plan",
      rulesOf([{ property: "plan", operator: "EQUAL", value: "gold" }]),
    );
    await createSegmentOverride(s, {
      feature: premium.id,
      segment: segment.id,
      enabled: true,
      value: "gold-tier",
    });

    const flagsmith = await start(s.envKey);
    expect(flagsmith.hasFeature("js_banner")).toBe(true);
    expect(flagsmith.getValue("js_banner")).toBe("hello");
    expect(flagsmith.hasFeature("js_premium")).toBe(false);

    await flagsmith.identify("js-user", { plan: "gold" });
    expect(flagsmith.hasFeature("js_premium")).toBe(true);
    expect(flagsmith.getValue("js_premium")).toBe("gold-tier");
    expect(flagsmith.getTrait("plan")).toBe("gold");

    await flagsmith.setTrait("plan", "silver");
    expect(flagsmith.hasFeature("js_premium")).toBe(false);
    expect(flagsmith.getValue("js_premium")).toBe("basic");

    const stored = await call("/api/v1/identities/?identifier=js-user", { envKey: s.envKey });
    expect(stored.body.traits).toEqual([
      { id: expect.any(Number), trait_key: "plan", trait_value: "silver", transient: false },
    ]);
  });

  it("identifies with GET when there are no traits, and reports a bad key", async () => {
    const s = await seed();
    await createFeature(s, { name: "js_plain", default_enabled: true });
    const flagsmith = await start(s.envKey);
    await flagsmith.identify("no-traits");
    expect(flagsmith.hasFeature("js_plain")).toBe(true);
    const list = await call(
      `/api/v1/environments/${s.envKey}/identities/?q=${encodeURIComponent('"no-traits"')}`,
      {
        token: s.token,
      },
    );
    expect(list.body.count).toBe(1);

    const broken = createFlagsmithInstance();
    await expect(
      broken.init({
        environmentID: "NotARealEnvironmentKey1",
        api: `${baseUrl()}/api/v1/`,
        fetch: globalThis.fetch,
        cacheFlags: false,
      }),
    ).rejects.toThrow();
  });
});
