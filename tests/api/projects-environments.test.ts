import { describe, expect, it } from "vitest";
import { call, seed, signUp, unique } from "../support/api";

describe("projects", () => {
  it("creates, lists by organisation, updates and deletes", async () => {
    const { token } = await signUp();
    const org = (await call("/api/v1/organisations/", { token, body: { name: unique("org") } })).body;
    const created = await call("/api/v1/projects/", { token, body: { name: "Web", organisation: org.id } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Web", organisation: org.id, hide_disabled_flags: false });

    const list = await call(`/api/v1/projects/?organisation=${org.id}`, { token });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.map((p: { id: number }) => p.id)).toEqual([created.body.id]);

    const updated = await call(`/api/v1/projects/${created.body.id}/`, {
      method: "PUT",
      token,
      body: { name: "Web app", hide_disabled_flags: true },
    });
    expect(updated.body).toMatchObject({ name: "Web app", hide_disabled_flags: true });
    expect((await call(`/api/v1/projects/${created.body.id}/`, { method: "DELETE", token })).status).toBe(
      204,
    );
    expect((await call(`/api/v1/projects/${created.body.id}/`, { token })).status).toBe(404);
  });

  it("refuses a project in someone else's organisation with 403 and writes nothing", async () => {
    const owner = await signUp();
    const other = await signUp();
    const org = (await call("/api/v1/organisations/", { token: owner.token, body: { name: unique("org") } }))
      .body;
    const res = await call("/api/v1/projects/", {
      token: other.token,
      body: { name: "Sneaky", organisation: org.id },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "You do not have permission to perform this action." });
    expect((await call(`/api/v1/projects/?organisation=${org.id}`, { token: owner.token })).body).toEqual([]);
  });

  it("validates input", async () => {
    const { token } = await signUp();
    const res = await call("/api/v1/projects/", { token, body: { name: 3, organisation: "x" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      name: ["Not a valid string."],
      organisation: ["A valid integer is required."],
    });
  });
});

describe("environments", () => {
  it("creates an environment with Flagsmith's fields and a 22-character key", async () => {
    const { token, projectId } = await seed();
    const res = await call("/api/v1/environments/", {
      token,
      body: { name: "Production", project: projectId },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Production",
      project: projectId,
      allow_client_traits: true,
      hide_disabled_flags: null,
      hide_sensitive_data: false,
      use_identity_composite_key_for_hashing: true,
      use_identity_overrides_in_local_eval: true,
      use_v2_feature_versioning: false,
      is_creating: false,
      metadata: [],
    });
    expect(res.body.api_key).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz]{22}$/);
    expect(res.body.id).toEqual(expect.any(Number));
    expect(res.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lists a project's environments, paged, and needs ?project=", async () => {
    const { token, projectId } = await seed();
    const list = await call(`/api/v1/environments/?project=${projectId}`, { token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, next: null, previous: null });
    expect(list.body.results[0].name).toBe("Development");

    const missing = await call("/api/v1/environments/", { token });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(["Invalid or missing value for project parameter."]);
  });

  it("retrieves, updates settings and deletes by api_key", async () => {
    const { token, envKey } = await seed();
    const got = await call(`/api/v1/environments/${envKey}/`, { token });
    expect(got.status).toBe(200);
    expect(got.body.api_key).toBe(envKey);

    const patched = await call(`/api/v1/environments/${envKey}/`, {
      method: "PATCH",
      token,
      body: { hide_disabled_flags: true, allow_client_traits: false, name: "Dev" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      hide_disabled_flags: true,
      allow_client_traits: false,
      name: "Dev",
    });

    expect((await call(`/api/v1/environments/${envKey}/`, { method: "DELETE", token })).status).toBe(204);
    const gone = await call(`/api/v1/environments/${envKey}/`, { token });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ detail: "Not found." });
  });

  it("refuses a duplicate name in a project", async () => {
    const { token, projectId } = await seed();
    const res = await call("/api/v1/environments/", {
      token,
      body: { name: "Development", project: projectId },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ non_field_errors: ["An environment with this name already exists."] });
    expect((await call(`/api/v1/environments/?project=${projectId}`, { token })).body.count).toBe(1);
  });

  it("keeps other users out", async () => {
    const owner = await seed();
    const other = await seed();
    const create = await call("/api/v1/environments/", {
      token: other.token,
      body: { name: "Intruder", project: owner.projectId },
    });
    expect(create.status).toBe(403);
    expect(create.body).toEqual({ detail: "You do not have permission to perform this action." });
    const read = await call(`/api/v1/environments/${owner.envKey}/`, { token: other.token });
    expect(read.status).toBe(404);
    const list = await call(`/api/v1/environments/?project=${owner.projectId}`, { token: other.token });
    expect(list.status).toBe(403);
  });

  it("validates input and writes nothing", async () => {
    const { token, projectId } = await seed();
    const missing = await call("/api/v1/environments/", { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ name: ["This field is required."], project: ["This field is required."] });
    const wrong = await call("/api/v1/environments/", {
      token,
      body: { name: "X", project: projectId, hide_disabled_flags: "sometimes" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ hide_disabled_flags: ["Must be a valid boolean."] });
    expect((await call(`/api/v1/environments/?project=${projectId}`, { token })).body.count).toBe(1);
  });
});

describe("server-side keys", () => {
  it("creates, lists, updates and revokes", async () => {
    const { token, envKey } = await seed();
    const created = await call(`/api/v1/environments/${envKey}/api-keys/`, {
      token,
      body: { name: "backend" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "backend", active: true, expires_at: null });
    expect(created.body.key).toMatch(/^ser\.[23456789A-HJ-NP-Za-km-z]{22}$/);

    const list = await call(`/api/v1/environments/${envKey}/api-keys/`, { token });
    expect(list.body).toHaveLength(1);

    const path = `/api/v1/environments/${envKey}/api-keys/${created.body.id}/`;
    const off = await call(path, { method: "PATCH", token, body: { active: false } });
    expect(off.body.active).toBe(false);
    expect((await call(path, { method: "DELETE", token })).status).toBe(204);
    expect((await call(path, { token })).status).toBe(404);
  });

  it("validates input", async () => {
    const { token, envKey } = await seed();
    const res = await call(`/api/v1/environments/${envKey}/api-keys/`, { token, body: { name: "" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ name: ["This field may not be blank."] });
    const date = await call(`/api/v1/environments/${envKey}/api-keys/`, {
      token,
      body: { name: "x", expires_at: "tomorrow" },
    });
    expect(date.status).toBe(400);
    expect(Object.keys(date.body)).toEqual(["expires_at"]);
    expect((await call(`/api/v1/environments/${envKey}/api-keys/`, { token })).body).toEqual([]);
  });
});
