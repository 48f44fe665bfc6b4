// The listing and environment helpers Flagsmith's tools call (issue 27, item 3):
// GET /projects/{id}/environments/, POST /organisations/{id}/invites/,
// GET /environments/{key}/document/ and POST /environments/{key}/clone/.
import { describe, expect, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { addMember } from "../support/members";
import { createFeature, createSegment, identify } from "../support/fixtures";

async function grantProject(s: Seeded, userId: number, permissions: string[]) {
  const res = await call(`/api/v1/projects/${s.projectId}/user-permissions/`, {
    token: s.token,
    body: { user: userId, permissions, admin: false },
  });
  expect(res.status, res.text).toBe(201);
}

describe("GET /api/v1/projects/{id}/environments/", () => {
  it("lists the project's environments as a bare list in the environment shape", async () => {
    const s = await seed();
    const second = await call("/api/v1/environments/", {
      token: s.token,
      body: { name: "Prod", project: s.projectId },
    });
    const res = await call(`/api/v1/projects/${s.projectId}/environments/`, { token: s.token });
    expect(res.status).toBe(200);
    const paged = await call(`/api/v1/environments/?project=${s.projectId}`, { token: s.token });
    expect(res.body).toEqual(paged.body.results);
    expect(res.body.map((e: any) => e.id)).toEqual([s.environmentId, second.body.id]);
  });

  it("is 401 without credentials, 403 for a member without VIEW_PROJECT, 404 for another tenant", async () => {
    const s = await seed();
    const path = `/api/v1/projects/${s.projectId}/environments/`;
    expect((await call(path)).status).toBe(401);
    const member = await addMember(s.organisationId);
    expect((await call(path, { token: member.token })).status).toBe(403);
    await grantProject(s, member.id, ["VIEW_PROJECT"]);
    // A member sees only the environments they may view.
    expect(await call(path, { token: member.token })).toMatchObject({ status: 200, body: [] });
    const other = await seed();
    expect(await call(path, { token: other.token })).toMatchObject({
      status: 404,
      body: { detail: "Not found." },
    });
  });
});

describe("POST /api/v1/organisations/{id}/invites/", () => {
  it("invites one person and answers the invitation in Flagsmith's fields", async () => {
    const s = await seed();
    const email = `${unique("x")}@example.com`;
    const res = await call(`/api/v1/organisations/${s.organisationId}/invites/`, {
      token: s.token,
      body: { email, role: "ADMIN", permission_groups: [] },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), email, role: "ADMIN", permission_groups: [] });
    expect(typeof res.body.date_created).toBe("string");
    const list = await call(`/api/v1/organisations/${s.organisationId}/invites/`, { token: s.token });
    expect(list.body.map((i: any) => i.email)).toEqual([email]);
  });

  it("answers 400, 401, 403 and 404", async () => {
    const s = await seed();
    const path = `/api/v1/organisations/${s.organisationId}/invites/`;
    const bad = await call(path, { token: s.token, body: { email: "not-an-email" } });
    expect(bad).toMatchObject({ status: 400, body: { email: ["Enter a valid email address."] } });
    const groups = await call(path, {
      token: s.token,
      body: { email: "a@example.com", permission_groups: [1] },
    });
    expect(groups.status).toBe(400);
    expect((await call(path, { body: { email: "a@example.com" } })).status).toBe(401);
    const member = await addMember(s.organisationId);
    expect((await call(path, { token: member.token, body: { email: "a@example.com" } })).status).toBe(403);
    const other = await seed();
    expect((await call(path, { token: other.token, body: { email: "a@example.com" } })).status).toBe(404);
  });
});

describe("GET /api/v1/environments/{key}/document/", () => {
  it("answers the document the SDKs' /environment-document/ serves, with an account's credentials", async () => {
    const s = await seed();
    await createFeature(s, { default_enabled: true, initial_value: "v" });
    const key = await call(`/api/v1/environments/${s.envKey}/api-keys/`, {
      token: s.token,
      body: { name: "srv" },
    });
    expect(key.status, key.text).toBe(201);
    const sdk = await call("/api/v1/environment-document/", { envKey: key.body.key });
    expect(sdk.status).toBe(200);
    const res = await call(`/api/v1/environments/${s.envKey}/document/`, { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(sdk.body);
    expect(res.body.feature_states).toHaveLength(1);
  });

  it("is 401 without credentials, 403 without VIEW_ENVIRONMENT, 404 for an unknown key or another tenant", async () => {
    const s = await seed();
    const path = `/api/v1/environments/${s.envKey}/document/`;
    expect((await call(path)).status).toBe(401);
    const member = await addMember(s.organisationId);
    expect((await call(path, { token: member.token })).status).toBe(403);
    expect((await call("/api/v1/environments/nosuchkey/document/", { token: s.token })).status).toBe(404);
    const other = await seed();
    expect((await call(path, { token: other.token })).status).toBe(404);
  });
});

describe("POST /api/v1/environments/{key}/clone/", () => {
  it("copies settings, defaults, segment overrides with priorities and weights, never identity overrides", async () => {
    const s = await seed();
    await call(`/api/v1/environments/${s.envKey}/`, {
      token: s.token,
      method: "PATCH",
      body: { hide_sensitive_data: true, banner_text: "source" },
    });
    const feature = await createFeature(s, {
      initial_value: "base",
      multivariate_options: [
        { type: "unicode", string_value: "x", default_percentage_allocation: 10 },
        { type: "unicode", string_value: "y", default_percentage_allocation: 20 },
      ],
    });
    const [x, y] = feature.multivariate_options
      .map((o: { id: number }) => o.id)
      .sort((a: number, b: number) => a - b);
    const [a, b] = [await createSegment(s), await createSegment(s)];
    const flagPath = (key: string) => `/api/__future__/environments/${key}/features/${feature.id}/`;
    const written = await call(flagPath(s.envKey), {
      token: s.token,
      method: "PATCH",
      body: {
        environment_default: {
          enabled: true,
          variants: [
            { id: x, weight: 40 },
            { id: y, weight: 35 },
          ],
        },
        segment_overrides: [
          { segment: { id: a.id }, priority: 5, value: { type: "string", value: "for-a" } },
          {
            segment: { id: b.id },
            priority: 2,
            enabled: false,
            variants: [
              { id: x, weight: 0 },
              { id: y, weight: 100 },
            ],
          },
        ],
      },
    });
    expect(written.status, written.text).toBe(200);
    const identifier = unique("who");
    await identify(s, identifier);
    const identities = await call(`/api/v1/environments/${s.envKey}/identities/?q=${identifier}`, {
      token: s.token,
    });
    const identityId = identities.body.results[0].id;
    const override = await call(`/api/v1/environments/${s.envKey}/identities/${identityId}/featurestates/`, {
      token: s.token,
      body: { feature: feature.id, enabled: false, feature_state_value: "mine" },
    });
    expect(override.status, override.text).toBe(201);

    const res = await call(`/api/v1/environments/${s.envKey}/clone/`, {
      token: s.token,
      body: { name: "Clone" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name: "Clone",
      project: s.projectId,
      hide_sensitive_data: true,
      banner_text: "source",
    });
    expect(res.body.api_key).not.toBe(s.envKey);
    const source = await call(flagPath(s.envKey), { token: s.token });
    const clone = await call(flagPath(res.body.api_key), { token: s.token });
    expect(clone.body).toEqual(source.body);
    expect(clone.body.segment_overrides.map((o: any) => o.priority)).toEqual([2, 5]);
    // No identities, so no identity overrides.
    const cloneIdentities = await call(`/api/v1/environments/${res.body.api_key}/identities/`, {
      token: s.token,
    });
    expect(cloneIdentities.body.results).toEqual([]);
    const states = await call(
      `/api/v1/features/featurestates/?environment=${res.body.id}&feature=${feature.id}`,
      { token: s.token },
    );
    expect(states.body.results.every((st: any) => st.identity === null)).toBe(true);
    // The clone serves its own SDK key.
    const flags = await call("/api/v1/flags/", { envKey: res.body.api_key });
    expect(flags.body.find((f: any) => f.feature.id === feature.id)).toMatchObject({ enabled: true });
  });

  it("makes the caller its admin; 400 for a missing or taken name; 401; 403 without CREATE_ENVIRONMENT; 404", async () => {
    const s = await seed();
    const path = `/api/v1/environments/${s.envKey}/clone/`;
    expect(await call(path, { token: s.token, body: {} })).toMatchObject({
      status: 400,
      body: { name: [expect.any(String)] },
    });
    expect(await call(path, { token: s.token, body: { name: "Development" } })).toMatchObject({
      status: 400,
      body: { non_field_errors: ["An environment with this name already exists."] },
    });
    expect((await call(path, { body: { name: "x" } })).status).toBe(401);
    const member = await addMember(s.organisationId);
    expect((await call(path, { token: member.token, body: { name: "x" } })).status).toBe(403);
    await grantProject(s, member.id, ["VIEW_PROJECT", "CREATE_ENVIRONMENT"]);
    const made = await call(path, { token: member.token, body: { name: "Members" } });
    expect(made.status, made.text).toBe(200);
    const mine = await call(`/api/v1/environments/${made.body.api_key}/my-permissions/`, {
      token: member.token,
    });
    expect(mine.body).toMatchObject({ admin: true });
    expect(
      (await call("/api/v1/environments/nosuchkey/clone/", { token: s.token, body: { name: "y" } })).status,
    ).toBe(404);
    const other = await seed();
    expect((await call(path, { token: other.token, body: { name: "y" } })).status).toBe(404);
  });
});
