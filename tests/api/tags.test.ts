import { describe, expect, it } from "vitest";
import { call, seed, signUp, type Seeded } from "../support/api";
import { createFeature } from "../support/fixtures";

const tagsPath = (s: Seeded) => `/api/v1/projects/${s.projectId}/tags/`;
const featuresPath = (s: Seeded) => `/api/v1/projects/${s.projectId}/features/`;

async function createTag(s: Seeded, body: Record<string, unknown>) {
  const res = await call(tagsPath(s), { token: s.token, body });
  if (res.status !== 201) throw new Error(`tag create failed: ${res.status} ${res.text}`);
  return res.body;
}

describe("tags of a project", () => {
  it("creates, lists, reads, updates and deletes a tag in Flagsmith's shape", async () => {
    const s = await seed();
    const res = await call(tagsPath(s), {
      token: s.token,
      body: {
        label: " beta ",
        description: "Early access",
        project: 999,
        is_system_tag: true,
        type: "STALE",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      label: "beta",
      color: "#6837FC",
      description: "Early access",
      project: s.projectId,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      is_permanent: false,
      is_system_tag: false,
      type: "NONE",
    });
    const tag = res.body;
    const list = await call(tagsPath(s), { token: s.token });
    expect(list.body).toEqual({ count: 1, next: null, previous: null, results: [tag] });
    expect((await call(`${tagsPath(s)}${tag.id}/`, { token: s.token })).body).toEqual(tag);

    const patched = await call(`${tagsPath(s)}${tag.id}/`, {
      token: s.token,
      method: "PATCH",
      body: { color: "#FF0000", is_permanent: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...tag, color: "#FF0000", is_permanent: true });
    const put = await call(`${tagsPath(s)}${tag.id}/`, {
      token: s.token,
      method: "PUT",
      body: { label: "gamma" },
    });
    expect(put.body).toMatchObject({ label: "gamma", color: "#FF0000" });

    const del = await call(`${tagsPath(s)}${tag.id}/`, { token: s.token, method: "DELETE" });
    expect(del.status).toBe(204);
    expect((await call(`${tagsPath(s)}${tag.id}/`, { token: s.token })).status).toBe(404);
  });

  it("pages tags ten at a time", async () => {
    const s = await seed();
    for (let i = 0; i < 11; i++) await createTag(s, { label: `t${i}` });
    const first = await call(tagsPath(s), { token: s.token });
    expect(first.body.count).toBe(11);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.next).toMatch(/page=2$/);
    const second = await call(`${tagsPath(s)}?page=2`, { token: s.token });
    expect(second.body.results.map((t: { label: string }) => t.label)).toEqual(["t10"]);
  });

  it("refuses bad input with field errors", async () => {
    const s = await seed();
    const missing = await call(tagsPath(s), { token: s.token, body: { color: "#000" } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ label: ["This field is required."] });
    const long = await call(tagsPath(s), {
      token: s.token,
      body: { label: "x".repeat(101), color: "#12345678901" },
    });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body).sort()).toEqual(["color", "label"]);
    const tag = await createTag(s, { label: "a" });
    const put = await call(`${tagsPath(s)}${tag.id}/`, { token: s.token, method: "PUT", body: {} });
    expect(put.body).toEqual({ label: ["This field is required."] });
  });

  it("answers 401 without credentials and 404 outside the caller's organisations", async () => {
    const s = await seed();
    const tag = await createTag(s, { label: "a" });
    expect((await call(tagsPath(s))).status).toBe(401);
    const stranger = await signUp();
    for (const [path, method] of [
      [tagsPath(s), "GET"],
      [`${tagsPath(s)}${tag.id}/`, "GET"],
      [`${tagsPath(s)}${tag.id}/`, "DELETE"],
    ] as const) {
      const res = await call(path, { token: stranger.token, method });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Not found." });
    }
    const other = await seed();
    // A tag of another project, addressed through the caller's own project.
    const otherTag = await createTag(other, { label: "b" });
    expect((await call(`${tagsPath(s)}${otherTag.id}/`, { token: s.token })).status).toBe(404);
  });
});

describe("tags on features", () => {
  it("sets tags on create and replaces them on update; deleting a tag takes it off", async () => {
    const s = await seed();
    const a = await createTag(s, { label: "a" });
    const b = await createTag(s, { label: "b" });
    const feature = await createFeature(s, { name: "banner", tags: [b.id, a.id, a.id] });
    expect(feature.tags).toEqual([a.id, b.id]);
    const updated = await call(`${featuresPath(s)}${feature.id}/`, {
      token: s.token,
      method: "PATCH",
      body: { tags: [b.id] },
    });
    expect(updated.body.tags).toEqual([b.id]);
    const untouched = await call(`${featuresPath(s)}${feature.id}/`, {
      token: s.token,
      method: "PATCH",
      body: { description: "x" },
    });
    expect(untouched.body.tags).toEqual([b.id]);
    await call(`${tagsPath(s)}${b.id}/`, { token: s.token, method: "DELETE" });
    expect((await call(`${featuresPath(s)}${feature.id}/`, { token: s.token })).body.tags).toEqual([]);
  });

  it("refuses unknown tags and tags of another project, writing nothing", async () => {
    const s = await seed();
    const other = await seed();
    const foreign = await createTag(other, { label: "x" });
    const unknown = await call(featuresPath(s), { token: s.token, body: { name: "f1", tags: [999999999] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ tags: ['Invalid pk "999999999" - object does not exist.'] });
    const cross = await call(featuresPath(s), { token: s.token, body: { name: "f1", tags: [foreign.id] } });
    expect(cross.status).toBe(400);
    expect(cross.body).toEqual({
      non_field_errors: ["Selected Tags must be from the same Project as current Feature"],
    });
    expect((await call(featuresPath(s), { token: s.token })).body.count).toBe(0);
  });

  it("filters the features list by tags, with both strategies and 'no tags'", async () => {
    const s = await seed();
    const a = await createTag(s, { label: "a" });
    const b = await createTag(s, { label: "b" });
    await createFeature(s, { name: "both", tags: [a.id, b.id] });
    await createFeature(s, { name: "only_a", tags: [a.id] });
    await createFeature(s, { name: "none" });
    const names = async (query: string) => {
      const res = await call(`${featuresPath(s)}?${query}`, { token: s.token });
      expect(res.status, res.text).toBe(200);
      return res.body.results.map((f: { name: string }) => f.name);
    };
    expect(await names(`tags=${a.id}`)).toEqual(["both", "only_a"]);
    expect(await names(`tags=${a.id},${b.id}`)).toEqual(["both"]);
    expect(await names(`tags=${a.id},${b.id}&tag_strategy=UNION`)).toEqual(["both", "only_a"]);
    expect(await names("tags=")).toEqual(["none"]);
    expect(await names(`tags=${a.id}&search=ONLY`)).toEqual(["only_a"]);
    expect(await names("type=MULTIVARIATE")).toEqual([]);
    expect(await names("type=STANDARD&sort_field=name&sort_direction=DESC")).toEqual([
      "only_a",
      "none",
      "both",
    ]);
    const bad = await call(`${featuresPath(s)}?tags=x&tag_strategy=ANY`, { token: s.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      tags: ["Tag IDs must be integers."],
      tag_strategy: ['"ANY" is not a valid choice.'],
    });
  });
});

describe("feature owners", () => {
  it("makes the creator the owner, and adds and removes owners", async () => {
    const s = await seed();
    const me = (await call("/api/v1/auth/users/me/", { token: s.token })).body;
    const feature = await createFeature(s, { name: "owned" });
    const owner = expect.objectContaining({
      id: me.id,
      email: s.email,
      first_name: "",
      last_name: "",
      uuid: expect.any(String),
    });
    expect(feature.owners).toEqual([owner]);
    expect(Object.keys(feature.owners[0]).sort()).toEqual([
      "email",
      "first_name",
      "id",
      "last_login",
      "last_name",
      "uuid",
    ]);
    const base = `${featuresPath(s)}${feature.id}/`;
    const removed = await call(`${base}remove-owners/`, { token: s.token, body: { user_ids: [me.id] } });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      id: feature.id,
      name: "owned",
      created_date: feature.created_date,
      description: null,
      initial_value: null,
      default_enabled: false,
      type: "STANDARD",
      owners: [],
      group_owners: [],
      is_server_key_only: false,
    });
    const added = await call(`${base}add-owners/`, { token: s.token, body: { user_ids: [me.id, me.id] } });
    expect(added.body.owners).toEqual([owner]);
    // Adding an owner twice changes nothing.
    expect((await call(`${base}add-owners/`, { token: s.token, body: { user_ids: [me.id] } })).status).toBe(
      200,
    );
  });

  it("accepts only members of the organisation as owners", async () => {
    const s = await seed();
    const stranger = await signUp();
    const feature = await createFeature(s, { name: "owned" });
    const base = `${featuresPath(s)}${feature.id}/`;
    const refused = await call(`${base}add-owners/`, { token: s.token, body: { user_ids: [stranger.id] } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(["Some users not found"]);
    const onCreate = await call(featuresPath(s), {
      token: s.token,
      body: { name: "other", owners: [stranger.id] },
    });
    expect(onCreate.status).toBe(400);
    expect(onCreate.body).toEqual({
      owners: [`Users with ids [${stranger.id}] do not have access to this project.`],
    });
    const bad = await call(`${base}add-owners/`, { token: s.token, body: { user_ids: "1" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ user_ids: ['Expected a list of items but got type "str".'] });
    expect((await call(`${base}add-owners/`, { body: { user_ids: [] } })).status).toBe(401);
    const elsewhere = await call(`${base}add-owners/`, { token: stranger.token, body: { user_ids: [] } });
    expect(elsewhere.status).toBe(404);
  });

  it("filters the features list by owners", async () => {
    const s = await seed();
    const me = (await call("/api/v1/auth/users/me/", { token: s.token })).body;
    const mine = await createFeature(s, { name: "mine" });
    const orphan = await createFeature(s, { name: "orphan" });
    await call(`${featuresPath(s)}${orphan.id}/remove-owners/`, {
      token: s.token,
      body: { user_ids: [me.id] },
    });
    const names = async (query: string) =>
      (await call(`${featuresPath(s)}?${query}`, { token: s.token })).body.results.map(
        (f: { name: string }) => f.name,
      );
    expect(await names(`owners=${me.id}`)).toEqual([mine.name]);
    expect(await names("owners=")).toEqual(["mine", "orphan"]);
    const bad = await call(`${featuresPath(s)}?owners=me`, { token: s.token });
    expect(bad.body).toEqual({ owners: ["Owner IDs must be integers."] });
  });
});
