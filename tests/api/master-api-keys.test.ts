// Organisation API keys (Flagsmith's master API keys): managed by organisation admins, sent
// as `Authorization: Api-Key <key>` by tools such as Flagsmith's Terraform provider.
import { describe, expect, inject, it } from "vitest";
import { call, seed, signUp, unique, type Seeded } from "../support/api";
import { rawQuery } from "../support/raw-query";

const INVALID = { detail: "Valid Master API Key not found." };

const keysPath = (organisationId: number) => `/api/v1/organisations/${organisationId}/master-api-keys/`;

async function createKey(s: Seeded, body: Record<string, unknown> = {}) {
  const res = await call(keysPath(s.organisationId), {
    token: s.token,
    body: { name: unique("key"), ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; prefix: string; key: string; name: string };
}

/** A call with `Authorization: Api-Key <key>`. */
const withKey = (key: string, path: string, init: { method?: string; body?: unknown } = {}) =>
  call(path, { ...init, headers: { Authorization: `Api-Key ${key}` } });

describe("managing organisation API keys", () => {
  it("creates a key shown once, lists it by prefix without the secret, updates and revokes it", async () => {
    const s = await seed();
    const created = await call(keysPath(s.organisationId), {
      token: s.token,
      body: { name: "terraform", expiry_date: "2099-01-01T00:00:00Z" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      prefix: expect.stringMatching(/^[A-Za-z0-9]{8}$/),
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      name: "terraform",
      revoked: false,
      expiry_date: "2099-01-01T00:00:00.000Z",
      key: expect.stringMatching(/^[A-Za-z0-9]{8}\.[A-Za-z0-9]{32}$/),
      is_admin: true,
      has_expired: false,
      created_by: expect.any(Number),
      user_id: expect.any(Number),
    });
    const { prefix, key } = created.body;
    expect(key.startsWith(`${prefix}.`)).toBe(true);

    const list = await call(keysPath(s.organisationId), { token: s.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ ...created.body, key: null }]);
    const one = await call(`${keysPath(s.organisationId)}${prefix}/`, { token: s.token });
    expect(one.body).toEqual({ ...created.body, key: null });

    // Only a hash is stored.
    const rows = await rawQuery(
      inject("databaseUrl"),
      `SELECT "keyHash" FROM "MasterApiKey" WHERE "prefix" = '${prefix}'`,
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(key.split(".")[1]);

    const renamed = await call(`${keysPath(s.organisationId)}${prefix}/`, {
      token: s.token,
      method: "PATCH",
      body: { name: "ci" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "ci", key: null, prefix });

    expect((await withKey(key, "/api/v1/organisations/")).status).toBe(200);
    const revoked = await call(`${keysPath(s.organisationId)}${prefix}/`, {
      token: s.token,
      method: "DELETE",
    });
    expect(revoked.status).toBe(204);
    expect((await call(keysPath(s.organisationId), { token: s.token })).body).toEqual([]);
    expect((await call(`${keysPath(s.organisationId)}${prefix}/`, { token: s.token })).status).toBe(404);
    const after = await withKey(key, "/api/v1/organisations/");
    expect(after.status).toBe(401);
    expect(after.body).toEqual(INVALID);
  });

  it("revokes with revoked: true, and refuses a blank name", async () => {
    const s = await seed();
    const { prefix, key } = await createKey(s);
    const res = await call(`${keysPath(s.organisationId)}${prefix}/`, {
      token: s.token,
      method: "PUT",
      body: { name: "x", revoked: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.revoked).toBe(true);
    expect((await withKey(key, "/api/v1/organisations/")).body).toEqual(INVALID);
    const blank = await call(keysPath(s.organisationId), { token: s.token, body: { name: "" } });
    expect(blank.status).toBe(400);
    expect(blank.body).toHaveProperty("name");
  });

  it("lets only the organisation's admins manage keys, never with a key", async () => {
    const s = await seed();
    const { key } = await createKey(s);
    const stranger = await signUp();
    expect((await call(keysPath(s.organisationId), { token: stranger.token })).status).toBe(404);
    expect(
      (await call(keysPath(s.organisationId), { token: stranger.token, body: { name: "x" } })).status,
    ).toBe(404);
    expect((await call(keysPath(s.organisationId))).status).toBe(401);
    // A machine credential cannot mint machine credentials, nor act as a person.
    for (const [path, method] of [
      [keysPath(s.organisationId), "GET"],
      [keysPath(s.organisationId), "POST"],
      ["/api/v1/auth/users/me/", "GET"],
      ["/api/v1/auth/token/", "POST"],
      ["/api/v1/organisations/", "POST"],
    ] as const) {
      const res = await withKey(key, path, { method, body: method === "POST" ? { name: "x" } : undefined });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});

describe("Api-Key authentication", () => {
  it("drives the Terraform provider's calls: create a feature, find its state, change it; SDKs see it", async () => {
    const s = await seed();
    const { key } = await createKey(s, { name: "terraform" });

    const projects = await withKey(key, `/api/v1/projects/?organisation=${s.organisationId}`);
    expect(projects.status).toBe(200);
    expect(projects.body.map((p: { id: number }) => p.id)).toEqual([s.projectId]);
    const feature = await withKey(key, `/api/v1/projects/${s.projectId}/features/`, {
      body: { name: "tf_feature", description: "made by terraform", type: "STANDARD" },
    });
    expect(feature.status, feature.text).toBe(201);
    const environments = await withKey(key, `/api/v1/environments/?project=${s.projectId}`);
    expect(environments.status).toBe(200);
    expect(environments.body.results.map((e: { api_key: string }) => e.api_key)).toEqual([s.envKey]);

    const states = await withKey(
      key,
      `/api/v1/environments/${s.envKey}/featurestates/?feature_name=tf_feature`,
    );
    expect(states.status).toBe(200);
    const [state] = states.body.results;
    const put = await withKey(key, `/api/v1/features/featurestates/${state.id}/`, {
      method: "PUT",
      body: {
        enabled: true,
        feature: feature.body.id,
        environment: s.environmentId,
        feature_state_value: { type: "unicode", string_value: "from-terraform" },
      },
    });
    expect(put.status, put.text).toBe(200);
    // This endpoint answers with the nested value object it takes, as Flagsmith's does.
    expect(put.body).toMatchObject({
      enabled: true,
      feature_state_value: { type: "unicode", string_value: "from-terraform" },
    });
    const patch = await withKey(key, `/api/v1/environments/${s.envKey}/featurestates/${state.id}/`, {
      method: "PATCH",
      body: { feature_state_value: "second" },
    });
    expect(patch.status, patch.text).toBe(200);

    const flags = await call("/api/v1/flags/", { envKey: s.envKey });
    const flag = flags.body.find((f: { feature: { name: string } }) => f.feature.name === "tf_feature");
    expect(flag).toMatchObject({ enabled: true, feature_state_value: "second" });

    // The audit log names the key, not a person.
    const audit = await call(`/api/v1/projects/${s.projectId}/audit/`, { token: s.token });
    const entry = audit.body.results.find((e: { log: string }) => e.log.includes("tf_feature"));
    expect(entry).toMatchObject({ author: null, master_api_key: { name: "terraform" } });
  });

  it("answers 401 with Flagsmith's message to wrong, malformed, revoked and expired keys", async () => {
    const s = await seed();
    const { key, prefix } = await createKey(s);
    const expired = await createKey(s, { expiry_date: "2000-01-01T00:00:00Z" });
    expect(expired).toMatchObject({ has_expired: true });
    const wrongSecret = `${prefix}.${"a".repeat(32)}`;
    for (const bad of [wrongSecret, "nonsense", "", `${key}x`, expired.key]) {
      const res = await withKey(bad, `/api/v1/projects/${s.projectId}/features/`);
      expect(res.status, bad).toBe(401);
      expect(res.body, bad).toEqual(INVALID);
    }
    expect((await withKey(key, `/api/v1/projects/${s.projectId}/features/`)).status).toBe(200);
  });

  it("keeps a key to its own organisation", async () => {
    const a = await seed();
    const b = await seed();
    const { key } = await createKey(a);
    const own = await withKey(key, "/api/v1/organisations/");
    expect(own.body.results.map((o: { id: number }) => o.id)).toEqual([a.organisationId]);
    expect((await withKey(key, `/api/v1/organisations/${b.organisationId}/`)).status).toBe(404);
    expect((await withKey(key, `/api/v1/projects/${b.projectId}/features/`)).status).toBe(404);
    expect((await withKey(key, `/api/v1/environments/${b.envKey}/`)).status).toBe(404);
  });

  it("hides the key's account: it cannot sign in, and does not count as a person", async () => {
    const s = await seed();
    const { prefix } = await createKey(s);
    const [row] = await rawQuery(
      inject("databaseUrl"),
      `SELECT u."email" FROM "User" u JOIN "MasterApiKey" k ON k."userId" = u."id" WHERE k."prefix" = '${prefix}'`,
    );
    const email = String(row.email);
    for (const password of ["", "x", "correct-horse-9"]) {
      const login = await call("/api/v1/auth/login/", { body: { email, password } });
      expect(login.status).toBe(400);
    }
    const signUpAgain = await call("/api/v1/auth/users/", { body: { email, password: "correct-horse-9" } });
    expect(signUpAgain.status).toBe(400);
  });

  it("is not listed among the organisation's people", async () => {
    const s = await seed();
    await createKey(s);
    const users = await call(`/api/v1/organisations/${s.organisationId}/users/`, { token: s.token });
    expect(users.status).toBe(200);
    expect(users.body.map((u: { email: string }) => u.email)).toEqual([s.email]);
  });

  it("gives a scoped key only what is granted to its account", async () => {
    const s = await seed();
    const scoped = await createKey(s, { is_admin: false });
    const create = () =>
      withKey(scoped.key, `/api/v1/projects/${s.projectId}/features/`, { body: { name: unique("f") } });
    const denied = await create();
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ detail: "You do not have permission to perform this action." });
    const grant = await call(`/api/v1/projects/${s.projectId}/user-permissions/`, {
      token: s.token,
      body: {
        user: (scoped as unknown as { user_id: number }).user_id,
        permissions: ["VIEW_PROJECT", "CREATE_FEATURE"],
        admin: false,
      },
    });
    expect(grant.status, grant.text).toBe(201);
    expect((await create()).status).toBe(201);
  });
});
