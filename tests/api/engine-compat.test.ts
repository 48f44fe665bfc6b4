// Issue 15: evaluation as Flagsmith's current engine (v10.2) does it, seen through the API:
// ANY and NONE rules over nested ALL groups (remote answers and flagsmith-nodejs local
// evaluation agree), PERCENTAGE_SPLIT on a missing trait, float traits sent as JSON 2.0, and
// deeply nested bodies refused with a 400.
import { Flagsmith } from "flagsmith-nodejs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, seed, type Seeded } from "../support/api";
import {
  createFeature,
  createSegment,
  createSegmentOverride,
  createServerKey,
  expectWithin1s,
  flagNamed,
  identify,
  type Condition,
} from "../sdk/fixtures";

let s: Seeded;
let serverKey: string;
let local: Flagsmith;

const rule = (type: string, conditions: Condition[], rules: unknown[] = []) => ({ type, conditions, rules });
// Two ALL groups: (plan = gold AND age >= 18), (country = fr).
const groups = () => [
  rule("ALL", [
    { property: "plan", operator: "EQUAL", value: "gold" },
    { property: "age", operator: "GREATER_THAN_INCLUSIVE", value: "18" },
  ]),
  rule("ALL", [{ property: "country", operator: "EQUAL", value: "fr" }]),
];

async function segmentWithOverride(name: string, rules: unknown[], feature: { id: number }) {
  const segment = await createSegment(s, name, rules);
  await createSegmentOverride(s, { feature: feature.id, segment: segment.id, enabled: true, value: name });
}

beforeAll(async () => {
  s = await seed();
  serverKey = (await createServerKey(s)).key;
  const anyFlag = await createFeature(s, { name: "any_flag", initial_value: "default" });
  const noneFlag = await createFeature(s, { name: "none_flag", initial_value: "default" });
  const splitFlag = await createFeature(s, { name: "split_flag", initial_value: "default" });
  const priceFlag = await createFeature(s, { name: "price_flag", initial_value: "default" });
  await segmentWithOverride("any-group", [rule("ANY", [], groups())], anyFlag);
  await segmentWithOverride("no-group", [rule("NONE", [], groups())], noneFlag);
  await segmentWithOverride(
    "split-on-bucket",
    [rule("ALL", [{ property: "bucket", operator: "PERCENTAGE_SPLIT", value: "100" }])],
    splitFlag,
  );
  await segmentWithOverride(
    "cheap",
    [rule("ALL", [{ property: "price", operator: "LESS_THAN", value: "2.1" }])],
    priceFlag,
  );
  await expectWithin1s(async () => {
    const doc = (await call("/api/v1/environment-document/", { envKey: serverKey })).body;
    return doc.project.segments.length === 4;
  });
  local = new Flagsmith({
    environmentKey: serverKey,
    apiUrl: `${baseUrl()}/api/v1/`,
    enableLocalEvaluation: true,
    environmentRefreshIntervalSeconds: 3600,
  });
  await local.updateEnvironment();
}, 60_000);

afterAll(async () => {
  await local?.close();
});

describe("ANY and NONE rules over nested ALL groups", () => {
  // Before engine v10.1.0 sub-rules were always ANDed: "gold adult" and "french" failed the ANY
  // segment and "neither" matched no NONE segment.
  const cases: {
    identifier: string;
    traits: Record<string, string | number>;
    any: boolean;
    none: boolean;
  }[] = [
    { identifier: "gold-adult", traits: { plan: "gold", age: 30, country: "de" }, any: true, none: false },
    { identifier: "french", traits: { plan: "silver", age: 12, country: "fr" }, any: true, none: false },
    { identifier: "both", traits: { plan: "gold", age: 40, country: "fr" }, any: true, none: false },
    { identifier: "neither", traits: { plan: "gold", age: 12, country: "de" }, any: false, none: true },
    { identifier: "no-traits", traits: {}, any: false, none: true },
  ];

  it.each(cases)("$identifier: ANY $any, NONE $none, remotely and locally", async (c) => {
    const expected = {
      any_flag: c.any ? "any-group" : "default",
      none_flag: c.none ? "no-group" : "default",
    };
    const traits = Object.entries(c.traits).map(([trait_key, trait_value]) => ({ trait_key, trait_value }));
    const remote = await identify(s.envKey, { identifier: c.identifier, traits });
    expect({
      any_flag: flagNamed(remote.flags, "any_flag")?.feature_state_value,
      none_flag: flagNamed(remote.flags, "none_flag")?.feature_state_value,
    }).toEqual(expected);
    const fromLocal = await local.getIdentityFlags(c.identifier, c.traits);
    expect({
      any_flag: fromLocal.getFeatureValue("any_flag"),
      none_flag: fromLocal.getFeatureValue("none_flag"),
    }).toEqual(expected);
  });
});

describe("PERCENTAGE_SPLIT on a named trait", () => {
  it("never matches an identity that lacks the trait, even at 100%", async () => {
    const res = await identify(s.envKey, { identifier: "no-bucket", traits: [] });
    expect(flagNamed(res.flags, "split_flag")?.feature_state_value).toBe("default");
    // flagsmith-nodejs agrees here (it never matches a split on a plain trait name at all).
    const fromLocal = await local.getIdentityFlags("no-bucket", {});
    expect(fromLocal.getFeatureValue("split_flag")).toBe("default");
  });

  it("hashes the trait's value when the identity has it", async () => {
    const res = await identify(s.envKey, {
      identifier: "with-bucket",
      traits: [{ trait_key: "bucket", trait_value: "b-1" }],
    });
    expect(flagNamed(res.flags, "split_flag")?.feature_state_value).toBe("split-on-bucket");
  });
});

describe("float traits (JSON 2.0, as the Python, Java, Go and .NET SDKs send it)", () => {
  const post = (identifier: string, value: string) =>
    call("/api/v1/identities/", {
      envKey: s.envKey,
      rawBody: `{"identifier": "${identifier}", "traits": [{"trait_key": "price", "trait_value": ${value}}]}`,
    });

  it("stores, evaluates and returns 2.0 as a float", async () => {
    const res = await post("float-buyer", "2.0");
    expect(res.status).toBe(200);
    expect(res.text).toContain('"trait_key":"price","trait_value":2.0,');
    expect(flagNamed(res.body.flags, "price_flag")?.feature_state_value).toBe("cheap");
    // Read back from storage: still a float, still matching.
    const again = await call("/api/v1/identities/?identifier=float-buyer", { envKey: s.envKey });
    expect(again.text).toContain('"trait_key":"price","trait_value":2.0,');
    expect(flagNamed(again.body.flags, "price_flag")?.feature_state_value).toBe("cheap");
  });

  it("keeps 2 an int: int('2.1') fails in Python, so the condition is false", async () => {
    const res = await post("int-buyer", "2");
    expect(res.text).toContain('"trait_key":"price","trait_value":2,');
    expect(flagNamed(res.body.flags, "price_flag")?.feature_state_value).toBe("default");
    const again = await call("/api/v1/identities/?identifier=int-buyer", { envKey: s.envKey });
    expect(flagNamed(again.body.flags, "price_flag")?.feature_state_value).toBe("default");
  });

  it("turns a stored int into a float when 2.0 is sent later", async () => {
    await post("switcher", "2");
    const res = await post("switcher", "2.0");
    expect(res.text).toContain('"trait_value":2.0');
    expect(flagNamed(res.body.flags, "price_flag")?.feature_state_value).toBe("cheap");
  });
});

describe("deeply nested JSON bodies", () => {
  const deep = '{"a":'.repeat(5000) + "1" + "}".repeat(5000);
  const refusal = { detail: "JSON parse error - Nesting deeper than 64 levels" };

  it("an admin route answers 400, not 500", async () => {
    const res = await call(`/api/v1/projects/${s.projectId}/segments/`, { token: s.token, rawBody: deep });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal);
  });

  it("the SDK identities route answers 400, not 500", async () => {
    const res = await call("/api/v1/identities/", { envKey: s.envKey, rawBody: deep });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal);
  });

  it("a body nested within the limit is still read", async () => {
    const nested = { identifier: "nested", traits: [{ trait_key: "k", trait_value: "v" }], extra: {} };
    let extra: Record<string, unknown> = {};
    nested.extra = extra;
    for (let i = 0; i < 50; i++) extra = extra.x = {} as Record<string, unknown>;
    const res = await call("/api/v1/identities/", { envKey: s.envKey, body: nested });
    expect(res.status).toBe(200);
  });
});
