// Where a segment is used (Flagsmith's associated-features) and how many stored identities it
// matches per environment (Ensign's identity-count).
import { describe, expect, it } from "vitest";
import { call, seed, signUp, type Seeded } from "../support/api";
import { createFeature, createSegment, equalsRules, identify } from "../support/fixtures";

const NOT_FOUND = { detail: "Not found." };

async function override(s: Seeded, envKey: string, featureId: number, segmentId: number): Promise<number> {
  const res = await call(`/api/v1/environments/${envKey}/features/${featureId}/create-segment-override/`, {
    token: s.token,
    body: {
      enabled: true,
      feature_state_value: { type: "unicode", string_value: "on" },
      feature_segment: { segment: segmentId },
    },
  });
  if (res.status !== 201) throw new Error(`override: ${res.status} ${res.text}`);
  return res.body.id;
}

const usagePath = (s: Seeded, segmentId: number, what: string) =>
  `/api/v1/projects/${s.projectId}/segments/${segmentId}/${what}/`;

describe("segments: associated-features", () => {
  it("lists the segment's overrides in every environment, or in one", async () => {
    const s = await seed();
    const other = await call("/api/v1/environments/", {
      token: s.token,
      body: { name: "Production", project: s.projectId },
    });
    const segment = await createSegment(s);
    const unused = await createSegment(s);
    const first = await createFeature(s);
    const second = await createFeature(s);
    const a = await override(s, s.envKey, first.id, segment.id);
    const b = await override(s, other.body.api_key, second.id, segment.id);
    await override(s, s.envKey, second.id, unused.id);

    const all = await call(usagePath(s, segment.id, "associated-features"), { token: s.token });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [
        { id: a, feature: first.id, environment: s.environmentId },
        { id: b, feature: second.id, environment: other.body.id },
      ],
    });

    const one = await call(
      `${usagePath(s, segment.id, "associated-features")}?environment=${other.body.id}`,
      {
        token: s.token,
      },
    );
    expect(one.body.results).toEqual([{ id: b, feature: second.id, environment: other.body.id }]);

    const paged = await call(`${usagePath(s, segment.id, "associated-features")}?page_size=1&page=2`, {
      token: s.token,
    });
    expect(paged.body).toMatchObject({ count: 2, next: null, results: [{ id: b }] });
    expect(paged.body.previous).toContain("page_size=1");
  });

  it("answers 400 for a non-integer environment, 401 without credentials, 404 elsewhere", async () => {
    const s = await seed();
    const segment = await createSegment(s);
    const path = usagePath(s, segment.id, "associated-features");
    const bad = await call(`${path}?environment=abc`, { token: s.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ environment: ["A valid integer is required."] });
    expect((await call(path)).status).toBe(401);
    const stranger = await signUp();
    const hidden = await call(path, { token: stranger.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(NOT_FOUND);
    const missing = await call(usagePath(s, 2147483000, "associated-features"), { token: s.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(NOT_FOUND);
  });
});

describe("segments: identity-count", () => {
  it("counts the stored identities the segment matches, by environment key or id", async () => {
    const s = await seed();
    const segment = await createSegment(s);
    await identify(s, "ann", [{ trait_key: "plan", trait_value: "pro" }]);
    await identify(s, "bob", [{ trait_key: "plan", trait_value: "free" }]);
    await identify(s, "cy", [{ trait_key: "plan", trait_value: "pro" }]);
    await identify(s, "dee", []);

    const byKey = await call(`${usagePath(s, segment.id, "identity-count")}?environment=${s.envKey}`, {
      token: s.token,
    });
    expect(byKey.status).toBe(200);
    expect(byKey.body).toEqual({
      segment: segment.id,
      environment: s.environmentId,
      count: 2,
      identities_scanned: 4,
      is_complete: true,
      scan_limit: expect.any(Number),
    });
    expect(byKey.body.scan_limit).toBeGreaterThanOrEqual(4);

    const byId = await call(`${usagePath(s, segment.id, "identity-count")}?environment=${s.environmentId}`, {
      token: s.token,
    });
    expect(byId.body).toEqual(byKey.body);

    const nobody = await createSegment(s, { rules: equalsRules("plan", "enterprise") });
    const none = await call(`${usagePath(s, nobody.id, "identity-count")}?environment=${s.envKey}`, {
      token: s.token,
    });
    expect(none.body).toMatchObject({ count: 0, identities_scanned: 4, is_complete: true });
  });

  it("answers 400 without an environment, 404 for another project's environment or a hidden segment", async () => {
    const s = await seed();
    const elsewhere = await seed();
    const segment = await createSegment(s);
    const path = usagePath(s, segment.id, "identity-count");
    const missing = await call(path, { token: s.token });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ environment: ["This field is required."] });
    expect((await call(`${path}?environment=${s.envKey}`)).status).toBe(401);
    const foreign = await call(`${path}?environment=${elsewhere.envKey}`, { token: s.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(NOT_FOUND);
    const hidden = await call(`${path}?environment=${s.envKey}`, { token: elsewhere.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(NOT_FOUND);
  });
});
