// Issue 8: several Ensign instances on one database stay consistent. Two more instances
// are started against the database of this test run (PostgreSQL in the PostgreSQL run).
import { beforeAll, describe, expect, it } from "vitest";
import { sharedEnsign, type SharedEnsign } from "../support/shared-server";
import { call, seed, type Seeded } from "../support/api";

// Shared with other files that need other instances on this database (support/shared-server.ts).
let a: SharedEnsign;
let b: SharedEnsign;
let data: Seeded;

beforeAll(async () => {
  [a, b] = await Promise.all([sharedEnsign("other"), sharedEnsign("other-2")]);
  data = await seed();
});

/** Polls until `check` passes or one second has gone by; returns whether it passed. */
async function within1s(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 1000;
  do {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  } while (Date.now() < deadline);
  return check();
}

describe("two instances on one database", () => {
  it("serves a flag change made through one instance from the other within one second", async () => {
    const { token, projectId, envKey } = data;
    const feature = await call(`/api/v1/projects/${projectId}/features/`, {
      baseUrl: a.url,
      token,
      body: { name: "multi_instance_flag", default_enabled: false },
    });
    expect(feature.status).toBe(201);
    // Warm instance B's snapshot so that a stale cache would show.
    const flagOf = async (base: string) => {
      const res = await call("/api/v1/flags/", { baseUrl: base, envKey });
      return res.body.find((f: { feature: { name: string } }) => f.feature.name === "multi_instance_flag");
    };
    expect(await within1s(async () => (await flagOf(b.url))?.enabled === false)).toBe(true);

    const states = await call(
      `/api/v1/environments/${envKey}/featurestates/?feature_name=multi_instance_flag`,
      {
        baseUrl: a.url,
        token,
      },
    );
    const stateId = states.body.results[0].id;
    const patched = await call(`/api/v1/environments/${envKey}/featurestates/${stateId}/`, {
      baseUrl: a.url,
      method: "PATCH",
      token,
      body: { enabled: true, feature_state_value: "blue" },
    });
    expect(patched.status).toBe(200);
    expect(
      await within1s(async () => {
        const flag = await flagOf(b.url);
        return flag?.enabled === true && flag?.feature_state_value === "blue";
      }),
    ).toBe(true);
  });

  it("serves a segment change made through one instance to identities on the other within one second", async () => {
    const { token, projectId, envKey, environmentId } = data;
    const feature = (
      await call(`/api/v1/projects/${projectId}/features/`, {
        baseUrl: a.url,
        token,
        body: { name: "segment_flag", default_enabled: false },
      })
    ).body;
    const rules = (value: string) => [
      { type: "ALL", rules: [{ type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value }] }] },
    ];
    const segment = await call(`/api/v1/projects/${projectId}/segments/`, {
      baseUrl: a.url,
      token,
      body: { name: "plan segment", project: projectId, rules: rules("gold") },
    });
    expect(segment.status).toBe(201);
    const fs = await call("/api/v1/features/feature-segments/", {
      baseUrl: a.url,
      token,
      body: { feature: feature.id, segment: segment.body.id, environment: environmentId },
    });
    expect(fs.status).toBe(201);
    const override = await call("/api/v1/features/featurestates/", {
      baseUrl: a.url,
      token,
      body: {
        feature: feature.id,
        feature_segment: fs.body.id,
        environment: environmentId,
        enabled: true,
        feature_state_value: { type: "unicode", string_value: "segment!" },
      },
    });
    expect(override.status).toBe(201);

    const identify = async (plan: string) => {
      const res = await call("/api/v1/identities/", {
        baseUrl: b.url,
        envKey,
        body: { identifier: `user-${plan}`, traits: [{ trait_key: "plan", trait_value: plan }] },
      });
      return res.body.flags.find((f: { feature: { name: string } }) => f.feature.name === "segment_flag");
    };
    expect(await within1s(async () => (await identify("gold"))?.enabled === true)).toBe(true);

    const patched = await call(`/api/v1/projects/${projectId}/segments/${segment.body.id}/`, {
      baseUrl: a.url,
      method: "PATCH",
      token,
      body: { rules: rules("silver") },
    });
    expect(patched.status).toBe(200);
    expect(
      await within1s(
        async () =>
          (await identify("gold"))?.enabled === false && (await identify("silver"))?.enabled === true,
      ),
    ).toBe(true);
  });

  it("creates exactly one identity from 100 concurrent first calls spread over both instances", async () => {
    const { token, envKey } = data;
    const identifier = `race-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call("/api/v1/identities/", {
          baseUrl: i % 2 ? a.url : b.url,
          envKey,
          body: { identifier, traits: [{ trait_key: "n", trait_value: i }] },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    const list = await call(`/api/v1/environments/${envKey}/identities/?q="${identifier}"`, {
      baseUrl: a.url,
      token,
    });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
  });
});
