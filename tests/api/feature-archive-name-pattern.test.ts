// Archiving features (Flagsmith's is_archived, set with PATCH or PUT) and the project's
// feature_name_regex (Flagsmith's field), enforced when a feature is created.
import { describe, expect, it } from "vitest";
import { call, seed, signUp, unique, type Seeded } from "../support/api";
import { createFeature } from "../support/fixtures";

const projectPath = (projectId: number) => `/api/v1/projects/${projectId}/`;
const featuresPath = (projectId: number, query = "") => `/api/v1/projects/${projectId}/features/${query}`;
const featurePath = (s: Seeded, id: number) => `/api/v1/projects/${s.projectId}/features/${id}/`;

const listed = async (s: Seeded, query: string) => {
  const res = await call(featuresPath(s.projectId, query), { token: s.token });
  expect(res.status).toBe(200);
  return (res.body.results as { name: string }[]).map((f) => f.name);
};

describe("archiving a feature", () => {
  it("is set and cleared with PATCH and PUT, and moves the feature between the list's filters", async () => {
    const s = await seed();
    const live = await createFeature(s, { name: unique("live") });
    const old = await createFeature(s, { name: unique("old") });
    expect(old.is_archived).toBe(false);

    const patched = await call(featurePath(s, old.id), {
      method: "PATCH",
      token: s.token,
      body: { is_archived: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.is_archived).toBe(true);
    expect(await listed(s, "?is_archived=true")).toEqual([old.name]);
    expect(await listed(s, "?is_archived=false")).toEqual([live.name]);
    expect((await call(featurePath(s, old.id), { token: s.token })).body.is_archived).toBe(true);

    const put = await call(featurePath(s, old.id), {
      method: "PUT",
      token: s.token,
      body: { name: old.name, is_archived: false },
    });
    expect(put.status).toBe(200);
    expect(put.body.is_archived).toBe(false);
    expect(await listed(s, "?is_archived=true")).toEqual([]);
  });

  it("keeps an archived feature in SDK answers, as Flagsmith does", async () => {
    const s = await seed();
    const feature = await createFeature(s, { default_enabled: true, initial_value: "kept" });
    await call(featurePath(s, feature.id), { method: "PATCH", token: s.token, body: { is_archived: true } });
    const flags = await call("/api/v1/flags/", { envKey: s.envKey });
    expect(flags.status).toBe(200);
    const flag = (
      flags.body as { feature: { name: string }; enabled: boolean; feature_state_value: unknown }[]
    ).find((f) => f.feature.name === feature.name);
    expect(flag).toMatchObject({ enabled: true, feature_state_value: "kept" });
  });

  it("refuses a value that is not a boolean, and another project's caller", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    const bad = await call(featurePath(s, feature.id), {
      method: "PATCH",
      token: s.token,
      body: { is_archived: "soon" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ is_archived: ["Must be a valid boolean."] });
    const outsider = await signUp();
    const foreign = await call(featurePath(s, feature.id), {
      method: "PATCH",
      token: outsider.token,
      body: { is_archived: true },
    });
    expect([403, 404]).toContain(foreign.status);
    expect((await call(featurePath(s, feature.id), { token: s.token })).body.is_archived).toBe(false);
    const missing = await call(featurePath(s, 999_999_999), {
      method: "PATCH",
      token: s.token,
      body: { is_archived: true },
    });
    expect(missing.status).toBe(404);
  });
});

describe("feature_name_regex on projects", () => {
  it("is null by default, set on create, PUT and PATCH, and cleared with null or an empty string", async () => {
    const s = await seed();
    expect((await call(projectPath(s.projectId), { token: s.token })).body.feature_name_regex).toBeNull();
    const created = await call("/api/v1/projects/", {
      token: s.token,
      body: { name: unique("p"), organisation: s.organisationId, feature_name_regex: "[a-z_]+" },
    });
    expect(created.status).toBe(201);
    expect(created.body.feature_name_regex).toBe("[a-z_]+");
    const put = await call(projectPath(s.projectId), {
      method: "PUT",
      token: s.token,
      body: { name: "Renamed", feature_name_regex: "ff_[a-z]+" },
    });
    expect(put.status).toBe(200);
    expect(put.body.feature_name_regex).toBe("ff_[a-z]+");
    const untouched = await call(projectPath(s.projectId), {
      method: "PATCH",
      token: s.token,
      body: { stale_flags_limit_days: 9 },
    });
    expect(untouched.body.feature_name_regex).toBe("ff_[a-z]+");
    const emptied = await call(projectPath(s.projectId), {
      method: "PATCH",
      token: s.token,
      body: { feature_name_regex: "" },
    });
    expect(emptied.status).toBe(200);
    expect(emptied.body.feature_name_regex).toBeNull();
    await call(projectPath(s.projectId), {
      method: "PATCH",
      token: s.token,
      body: { feature_name_regex: "x" },
    });
    const cleared = await call(projectPath(s.projectId), {
      method: "PATCH",
      token: s.token,
      body: { feature_name_regex: null },
    });
    expect(cleared.body.feature_name_regex).toBeNull();
  });

  it("refuses a pattern that is invalid, not linear-time, too costly or too long, writing nothing", async () => {
    const s = await seed();
    const cases: [unknown, string][] = [
      ["([a-z]", "Enter a valid regular expression."],
      [
        "(a)\\1",
        "Backreferences, lookarounds, atomic groups and conditionals are not supported: they cannot be evaluated in linear time.",
      ],
      [
        "((a{1000}){1000})",
        "This regular expression is too complex: repeats are limited to 1000 and the whole pattern to 5000 steps.",
      ],
      ["a".repeat(256), "Ensure this field has no more than 255 characters."],
      [42, "Not a valid string."],
    ];
    for (const [pattern, message] of cases) {
      const res = await call(projectPath(s.projectId), {
        method: "PATCH",
        token: s.token,
        body: { feature_name_regex: pattern },
      });
      expect(res.status, String(pattern)).toBe(400);
      expect(res.body).toEqual({ feature_name_regex: [message] });
    }
    const created = await call("/api/v1/projects/", {
      token: s.token,
      body: { name: unique("p"), organisation: s.organisationId, feature_name_regex: "(?<=a)b" },
    });
    expect(created.status).toBe(400);
    expect((await call(projectPath(s.projectId), { token: s.token })).body.feature_name_regex).toBeNull();
  });

  it("needs the project's admin to set it", async () => {
    const s = await seed();
    const outsider = await signUp();
    const res = await call(projectPath(s.projectId), {
      method: "PATCH",
      token: outsider.token,
      body: { feature_name_regex: ".*" },
    });
    expect([403, 404]).toContain(res.status);
    expect((await call(projectPath(s.projectId), { token: s.token })).body.feature_name_regex).toBeNull();
  });

  it("refuses a new feature whose whole name does not match, in Flagsmith's words", async () => {
    const s = await seed();
    await call(projectPath(s.projectId), {
      method: "PATCH",
      token: s.token,
      body: { feature_name_regex: "[a-z_]+" },
    });
    for (const name of ["my feature!", "Checkout", "ok_then_9"]) {
      const res = await call(featuresPath(s.projectId), { token: s.token, body: { name } });
      expect(res.status, name).toBe(400);
      expect(res.body).toEqual({ name: ["Feature name must match regex: [a-z_]+"] });
    }
    expect(await listed(s, "")).toEqual([]);
    const ok = await call(featuresPath(s.projectId), { token: s.token, body: { name: "checkout_banner" } });
    expect(ok.status).toBe(201);
  });
});
