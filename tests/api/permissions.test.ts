// Members, roles, groups and permissions over HTTP: two people on one project with different
// permissions, group grants, admins, the last admin, removal, and Flagsmith's shapes.
import { beforeAll, describe, expect, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { addMember, type Member } from "../support/members";

const DENIED = { detail: "You do not have permission to perform this action." };

async function created(res: Promise<{ status: number; body: any; text: string }>) {
  const r = await res;
  if (r.status !== 201) throw new Error(`expected 201: ${r.status} ${r.text}`);
  return r.body;
}

async function secondEnvironment(s: Seeded) {
  return created(
    call("/api/v1/environments/", { token: s.token, body: { name: "Production", project: s.projectId } }),
  );
}

async function firstState(token: string, envKey: string) {
  const res = await call(`/api/v1/environments/${envKey}/featurestates/`, { token });
  return res.body.results[0];
}

describe("two people on one project", () => {
  let s: Seeded;
  let b: Member;
  let prod: { api_key: string; id: number };
  let featureId: number;

  beforeAll(async () => {
    s = await seed();
    b = await addMember(s.organisationId);
    prod = await secondEnvironment(s);
    featureId = (
      await created(
        call(`/api/v1/projects/${s.projectId}/features/`, { token: s.token, body: { name: unique("f") } }),
      )
    ).id;
  });

  it("a member without grants sees no project and is refused everything in it", async () => {
    const list = await call(`/api/v1/projects/?organisation=${s.organisationId}`, { token: b.token });
    expect(list.body).toEqual([]);
    expect((await call(`/api/v1/projects/${s.projectId}/`, { token: b.token })).body).toEqual(DENIED);
    expect((await call(`/api/v1/projects/${s.projectId}/features/`, { token: b.token })).status).toBe(403);
    const mine = await call(`/api/v1/projects/${s.projectId}/my-permissions/`, { token: b.token });
    expect(mine.body).toEqual({ permissions: [], admin: false, tag_based_permissions: [] });
  });

  it("VIEW_PROJECT + VIEW_ENVIRONMENT can read but not toggle; UPDATE_FEATURE_STATE in one environment toggles there only", async () => {
    await created(
      call(`/api/v1/projects/${s.projectId}/user-permissions/`, {
        token: s.token,
        body: { user: b.id, permissions: ["VIEW_PROJECT"], admin: false },
      }),
    );
    for (const key of [s.envKey, prod.api_key])
      await created(
        call(`/api/v1/environments/${key}/user-permissions/`, {
          token: s.token,
          body: { user: b.id, permissions: ["VIEW_ENVIRONMENT"] },
        }),
      );
    const projects = await call(`/api/v1/projects/?organisation=${s.organisationId}`, { token: b.token });
    expect(projects.body.map((p: { id: number }) => p.id)).toEqual([s.projectId]);
    const features = await call(`/api/v1/projects/${s.projectId}/features/`, { token: b.token });
    expect(features.status).toBe(200);
    expect(features.body.results.map((f: { id: number }) => f.id)).toContain(featureId);
    const envs = await call(`/api/v1/environments/?project=${s.projectId}`, { token: b.token });
    expect(envs.body.results).toHaveLength(2);

    const dev = await firstState(b.token, s.envKey);
    const toggle = (envKey: string, state: { id: number; enabled: boolean }) =>
      call(`/api/v1/environments/${envKey}/featurestates/${state.id}/`, {
        token: b.token,
        method: "PATCH",
        body: { enabled: !state.enabled },
      });
    const refused = await toggle(s.envKey, dev);
    expect([refused.status, refused.body]).toEqual([403, DENIED]);
    expect((await firstState(s.token, s.envKey)).enabled).toBe(dev.enabled);
    // Creating a feature needs CREATE_FEATURE.
    const create = await call(`/api/v1/projects/${s.projectId}/features/`, {
      token: b.token,
      body: { name: unique("f") },
    });
    expect(create.status).toBe(403);

    // UPDATE_FEATURE_STATE in Development only.
    const grants = await call(`/api/v1/environments/${s.envKey}/user-permissions/`, { token: s.token });
    const mine = grants.body.find((g: { user: { id: number } }) => g.user.id === b.id);
    expect(mine).toMatchObject({ permissions: ["VIEW_ENVIRONMENT"], admin: false, user: { email: b.email } });
    const updated = await call(`/api/v1/environments/${s.envKey}/user-permissions/${mine.id}/`, {
      token: s.token,
      method: "PUT",
      body: { user: b.id, permissions: ["VIEW_ENVIRONMENT", "UPDATE_FEATURE_STATE"], admin: false },
    });
    expect(updated.body).toEqual({
      id: mine.id,
      user: b.id,
      permissions: ["UPDATE_FEATURE_STATE", "VIEW_ENVIRONMENT"],
      admin: false,
    });
    expect((await toggle(s.envKey, dev)).status).toBe(200);
    expect((await firstState(s.token, s.envKey)).enabled).toBe(!dev.enabled);
    const prodState = await firstState(b.token, prod.api_key);
    expect((await toggle(prod.api_key, prodState)).status).toBe(403);
    expect((await firstState(s.token, prod.api_key)).enabled).toBe(prodState.enabled);

    const my = await call(`/api/v1/environments/${s.envKey}/my-permissions/`, { token: b.token });
    expect(my.body).toEqual({
      permissions: ["UPDATE_FEATURE_STATE", "VIEW_ENVIRONMENT"],
      admin: false,
      tag_based_permissions: [],
    });
  });

  it("the organisation admin passes every check and sees admin in my-permissions", async () => {
    for (const p of [
      `/api/v1/organisations/${s.organisationId}/my-permissions/`,
      `/api/v1/projects/${s.projectId}/my-permissions/`,
      `/api/v1/environments/${prod.api_key}/my-permissions/`,
    ]) {
      const res = await call(p, { token: s.token });
      expect(res.status).toBe(200);
      expect(res.body.admin).toBe(true);
    }
  });

  it("answers 404 to someone outside the organisation", async () => {
    const outsider = await seed();
    for (const p of [
      `/api/v1/projects/${s.projectId}/my-permissions/`,
      `/api/v1/environments/${s.envKey}/my-permissions/`,
      `/api/v1/organisations/${s.organisationId}/users/`,
      `/api/v1/projects/${s.projectId}/`,
    ])
      expect((await call(p, { token: outsider.token })).status).toBe(404);
  });
});

describe("groups", () => {
  it("grants given to a group reach its members, and leaving the group takes them away", async () => {
    const s = await seed();
    const b = await addMember(s.organisationId);
    const group = await created(
      call(`/api/v1/organisations/${s.organisationId}/groups/`, {
        token: s.token,
        body: { name: "Editors", is_default: false },
      }),
    );
    expect(group).toEqual({
      id: expect.any(Number),
      name: "Editors",
      users: [],
      is_default: false,
      external_id: null,
    });
    const added = await call(`/api/v1/organisations/${s.organisationId}/groups/${group.id}/add-users/`, {
      token: s.token,
      body: { user_ids: [b.id] },
    });
    expect(added.body.users).toEqual([
      { id: b.id, email: b.email, first_name: "", last_name: "", last_login: null, group_admin: false },
    ]);
    expect((await call(`/api/v1/projects/${s.projectId}/segments/`, { token: b.token })).status).toBe(403);
    const grant = await created(
      call(`/api/v1/projects/${s.projectId}/user-group-permissions/`, {
        token: s.token,
        body: { group: group.id, permissions: ["VIEW_PROJECT", "MANAGE_SEGMENTS"], admin: false },
      }),
    );
    expect(grant).toEqual({
      id: expect.any(Number),
      group: group.id,
      permissions: ["MANAGE_SEGMENTS", "VIEW_PROJECT"],
      admin: false,
    });
    const segment = await call(`/api/v1/projects/${s.projectId}/segments/`, {
      token: b.token,
      body: { name: unique("seg"), rules: [{ type: "ALL", rules: [] }] },
    });
    expect(segment.status).toBe(201);
    const list = await call(`/api/v1/projects/${s.projectId}/user-group-permissions/`, { token: s.token });
    expect(list.body[0].group).toMatchObject({ id: group.id, name: "Editors", users: [b.id] });

    await call(`/api/v1/organisations/${s.organisationId}/groups/${group.id}/remove-users/`, {
      token: s.token,
      body: { user_ids: [b.id] },
    });
    expect((await call(`/api/v1/projects/${s.projectId}/segments/`, { token: b.token })).status).toBe(403);
  });

  it("a project admin grant (through a group) gives every key in the project and its environments", async () => {
    const s = await seed();
    const b = await addMember(s.organisationId);
    const group = await created(
      call(`/api/v1/organisations/${s.organisationId}/groups/`, {
        token: s.token,
        body: { name: "Admins", users: [b.id] },
      }),
    );
    await created(
      call(`/api/v1/projects/${s.projectId}/user-group-permissions/`, {
        token: s.token,
        body: { group: group.id, permissions: [], admin: true },
      }),
    );
    const mine = await call(`/api/v1/environments/${s.envKey}/my-permissions/`, { token: b.token });
    expect(mine.body.admin).toBe(true);
    await created(
      call(`/api/v1/projects/${s.projectId}/features/`, { token: b.token, body: { name: unique("f") } }),
    );
    const state = await firstState(b.token, s.envKey);
    const res = await call(`/api/v1/environments/${s.envKey}/featurestates/${state.id}/`, {
      token: b.token,
      method: "PATCH",
      body: { enabled: !state.enabled },
    });
    expect(res.status).toBe(200);
    // But nothing at the organisation level.
    expect(
      (await call(`/api/v1/organisations/${s.organisationId}/`, { token: b.token, method: "DELETE" })).status,
    ).toBe(403);
  });

  it("rejects a group member who is not in the organisation, and unknown permission keys", async () => {
    const s = await seed();
    const stranger = await seed();
    const res = await call(`/api/v1/organisations/${s.organisationId}/groups/`, {
      token: s.token,
      body: { name: "G", users: [999999] },
    });
    expect(res.status).toBe(400);
    const meRes = await call("/api/v1/auth/users/me/", { token: stranger.token });
    const grant = await call(`/api/v1/projects/${s.projectId}/user-permissions/`, {
      token: s.token,
      body: { user: meRes.body.id, permissions: ["VIEW_PROJECT"] },
    });
    expect([grant.status, grant.body]).toEqual([400, { user: ["Not a member of this organisation."] }]);
    const b = await addMember(s.organisationId);
    const bad = await call(`/api/v1/projects/${s.projectId}/user-permissions/`, {
      token: s.token,
      body: { user: b.id, permissions: ["VIEW_ENVIRONMENT"] },
    });
    expect([bad.status, bad.body]).toEqual([
      400,
      { permissions: ["Unknown project permission: VIEW_ENVIRONMENT."] },
    ]);
  });

  it("my-groups lists the groups the caller belongs to", async () => {
    const s = await seed();
    const b = await addMember(s.organisationId);
    const group = await created(
      call(`/api/v1/organisations/${s.organisationId}/groups/`, {
        token: s.token,
        body: { name: "Everyone", is_default: true, users: [b.id] },
      }),
    );
    const mine = await call(`/api/v1/organisations/${s.organisationId}/groups/my-groups/`, {
      token: b.token,
    });
    expect(mine.body).toEqual([{ id: group.id, name: "Everyone" }]);
  });
});

describe("members and roles", () => {
  it("lists members in Flagsmith's shape with their roles", async () => {
    const s = await seed();
    const b = await addMember(s.organisationId);
    const res = await call(`/api/v1/organisations/${s.organisationId}/users/`, { token: b.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[1]).toEqual({
      id: b.id,
      email: b.email,
      first_name: "",
      last_name: "",
      last_login: null,
      uuid: expect.any(String),
      role: "USER",
      date_joined: expect.any(String),
    });
    expect(res.body[0]).toMatchObject({ email: s.email, role: "ADMIN" });
    const others = await call(`/api/v1/organisations/${s.organisationId}/users/?exclude_current=true`, {
      token: b.token,
    });
    expect(others.body.map((u: { email: string }) => u.email)).toEqual([s.email]);
  });

  it("keeps the last admin: cannot be demoted or removed; a second admin can be", async () => {
    const s = await seed();
    const me = (await call("/api/v1/auth/users/me/", { token: s.token })).body;
    const org = `/api/v1/organisations/${s.organisationId}`;
    const demote = await call(`${org}/users/${me.id}/update-role/`, {
      token: s.token,
      body: { role: "USER" },
    });
    expect([demote.status, demote.body]).toEqual([
      400,
      { detail: "An organisation must keep at least one admin." },
    ]);
    const remove = await call(`${org}/remove-users/`, { token: s.token, body: [{ id: me.id }] });
    expect(remove.status).toBe(400);

    const b = await addMember(s.organisationId);
    const promoted = await call(`${org}/users/${b.id}/update-role/`, {
      token: s.token,
      body: { role: "ADMIN" },
    });
    expect(promoted.body).toMatchObject({ id: b.id, role: "ADMIN" });
    // B is now an admin: passes every check.
    expect((await call(`/api/v1/projects/${s.projectId}/`, { token: b.token })).status).toBe(200);
    const demoted = await call(`${org}/users/${me.id}/update-role/`, {
      token: b.token,
      body: { role: "USER" },
    });
    expect(demoted.body).toMatchObject({ id: me.id, role: "USER" });
    // The former admin is now refused what needs admin.
    expect(
      (await call(`${org}/users/${b.id}/update-role/`, { token: s.token, body: { role: "USER" } })).status,
    ).toBe(403);
  });

  it("a member cannot change roles or remove anyone", async () => {
    const s = await seed();
    const b = await addMember(s.organisationId);
    const org = `/api/v1/organisations/${s.organisationId}`;
    const res = await call(`${org}/users/${b.id}/update-role/`, { token: b.token, body: { role: "ADMIN" } });
    expect([res.status, res.body]).toEqual([403, DENIED]);
    expect((await call(`${org}/remove-users/`, { token: b.token, body: [{ id: b.id }] })).status).toBe(403);
  });

  it("removing a member revokes their access at once, with their grants and group memberships", async () => {
    const s = await seed();
    const b = await addMember(s.organisationId);
    const org = `/api/v1/organisations/${s.organisationId}`;
    await created(
      call(`/api/v1/projects/${s.projectId}/user-permissions/`, {
        token: s.token,
        body: { user: b.id, permissions: ["VIEW_PROJECT"] },
      }),
    );
    const group = await created(
      call(`${org}/groups/`, { token: s.token, body: { name: "G", users: [b.id] } }),
    );
    expect((await call(`/api/v1/projects/${s.projectId}/`, { token: b.token })).status).toBe(200);
    const removed = await call(`${org}/remove-users/`, { token: s.token, body: [{ id: b.id }] });
    expect([removed.status, removed.body]).toEqual([200, [{ id: b.id }]]);
    // The same token no longer reaches anything of the organisation.
    expect((await call(`/api/v1/projects/${s.projectId}/`, { token: b.token })).status).toBe(404);
    expect((await call(`${org}/`, { token: b.token })).status).toBe(404);
    expect(
      (await call(`/api/v1/projects/${s.projectId}/user-permissions/`, { token: s.token })).body,
    ).toHaveLength(1);
    const detail = await call(`${org}/groups/${group.id}/`, { token: s.token });
    expect(detail.body.users).toEqual([]);
    const members = await call(`${org}/users/`, { token: s.token });
    expect(members.body.map((u: { id: number }) => u.id)).not.toContain(b.id);
  });
});

describe("creating projects and environments", () => {
  it("needs CREATE_PROJECT / CREATE_ENVIRONMENT, and the creator administers what they made", async () => {
    const s = await seed();
    const b = await addMember(s.organisationId);
    const body = { name: unique("p"), organisation: s.organisationId };
    expect((await call("/api/v1/projects/", { token: b.token, body })).status).toBe(403);
    await created(
      call(`/api/v1/organisations/${s.organisationId}/user-permissions/`, {
        token: s.token,
        body: { user: b.id, permissions: ["CREATE_PROJECT"] },
      }),
    );
    const project = await created(call("/api/v1/projects/", { token: b.token, body }));
    const mine = await call(`/api/v1/projects/${project.id}/my-permissions/`, { token: b.token });
    expect(mine.body.admin).toBe(true);
    const env = await created(
      call("/api/v1/environments/", { token: b.token, body: { name: "Dev", project: project.id } }),
    );
    expect(
      (await call(`/api/v1/environments/${env.api_key}/my-permissions/`, { token: b.token })).body.admin,
    ).toBe(true);
    // But not in the owner's first project.
    const other = await call("/api/v1/environments/", {
      token: b.token,
      body: { name: "X", project: s.projectId },
    });
    expect([other.status, other.body]).toEqual([403, DENIED]);
  });
});

describe("permission key lists", () => {
  it("lists the keys of each kind", async () => {
    const s = await seed();
    for (const [kind, key] of [
      ["organisations", "CREATE_PROJECT"],
      ["projects", "VIEW_PROJECT"],
      ["environments", "UPDATE_FEATURE_STATE"],
    ]) {
      const res = await call(`/api/v1/${kind}/permissions/`, { token: s.token });
      expect(res.status).toBe(200);
      expect(res.body).toContainEqual({ key, description: expect.any(String), supports_tag: false });
    }
  });
});

describe("a feature state asks the key of what it is", () => {
  let s: Seeded;
  let overrides: Member;
  let states: Member;
  let featureId: number;
  let segmentId: number;
  let defaultStateId: number;
  let overrideStateId: number;

  async function holding(key: string): Promise<Member> {
    const m = await addMember(s.organisationId);
    await created(
      call(`/api/v1/projects/${s.projectId}/user-permissions/`, {
        token: s.token,
        body: { user: m.id, permissions: ["VIEW_PROJECT"], admin: false },
      }),
    );
    await created(
      call(`/api/v1/environments/${s.envKey}/user-permissions/`, {
        token: s.token,
        body: { user: m.id, permissions: [key], admin: false },
      }),
    );
    return m;
  }

  async function newSegment(): Promise<number> {
    const segment = await created(
      call(`/api/v1/projects/${s.projectId}/segments/`, {
        token: s.token,
        body: {
          name: unique("seg"),
          rules: [
            {
              type: "ALL",
              rules: [{ type: "ANY", conditions: [{ property: "p", operator: "EQUAL", value: "1" }] }],
            },
          ],
        },
      }),
    );
    return segment.id;
  }

  beforeAll(async () => {
    s = await seed();
    featureId = (
      await created(
        call(`/api/v1/projects/${s.projectId}/features/`, { token: s.token, body: { name: unique("f") } }),
      )
    ).id;
    segmentId = await newSegment();
    const override = await created(
      call(`/api/v1/environments/${s.envKey}/features/${featureId}/create-segment-override/`, {
        token: s.token,
        body: {
          enabled: true,
          feature_state_value: { type: "unicode", string_value: "x" },
          feature_segment: { segment: segmentId },
        },
      }),
    );
    overrideStateId = override.id;
    const defaults = await call(`/api/v1/environments/${s.envKey}/featurestates/?feature=${featureId}`, {
      token: s.token,
    });
    defaultStateId = defaults.body.results[0].id;
    expect(defaultStateId).not.toBe(overrideStateId);
    overrides = await holding("MANAGE_SEGMENT_OVERRIDES");
    states = await holding("UPDATE_FEATURE_STATE");
  });

  const patch = (m: Member, id: number, enabled: boolean) =>
    call(`/api/v1/features/featurestates/${id}/`, { method: "PATCH", token: m.token, body: { enabled } });
  const enabledOf = async (id: number) =>
    (await call(`/api/v1/features/featurestates/${id}/`, { token: s.token })).body.enabled;

  it("MANAGE_SEGMENT_OVERRIDES changes a segment override's state but not the environment default", async () => {
    const own = await patch(overrides, overrideStateId, false);
    expect([own.status, own.body.enabled]).toEqual([200, false]);
    const put = await call(`/api/v1/features/featurestates/${overrideStateId}/`, {
      method: "PUT",
      token: overrides.token,
      body: { feature: featureId, environment: s.environmentId, enabled: true },
    });
    expect([put.status, put.body.enabled]).toEqual([200, true]);
    const other = await patch(overrides, defaultStateId, true);
    expect([other.status, other.body]).toEqual([403, DENIED]);
    expect(await enabledOf(defaultStateId)).toBe(false);
  });

  it("UPDATE_FEATURE_STATE changes the environment default but not a segment override's state", async () => {
    const own = await patch(states, defaultStateId, true);
    expect([own.status, own.body.enabled]).toEqual([200, true]);
    const other = await patch(states, overrideStateId, false);
    expect([other.status, other.body]).toEqual([403, DENIED]);
    expect(await enabledOf(overrideStateId)).toBe(true);
    const removed = await call(`/api/v1/features/featurestates/${overrideStateId}/`, {
      method: "DELETE",
      token: states.token,
    });
    expect([removed.status, removed.body]).toEqual([403, DENIED]);
  });

  it("creating a state with a feature segment asks MANAGE_SEGMENT_OVERRIDES, without one UPDATE_FEATURE_STATE", async () => {
    const featureSegment = await created(
      call("/api/v1/features/feature-segments/", {
        token: s.token,
        body: { feature: featureId, segment: await newSegment(), environment: s.environmentId },
      }),
    );
    const body = { feature: featureId, environment: s.environmentId, feature_segment: featureSegment.id };
    const refused = await call("/api/v1/features/featurestates/", { token: states.token, body });
    expect([refused.status, refused.body]).toEqual([403, DENIED]);
    const made = await call("/api/v1/features/featurestates/", { token: overrides.token, body });
    expect([made.status, made.body.feature_segment]).toEqual([201, featureSegment.id]);

    // An identity override is no segment override: the other way round.
    const identity = { feature: featureId, environment: s.environmentId, identifier: unique("id") };
    await call("/api/v1/identities/", { envKey: s.envKey, body: { identifier: identity.identifier } });
    const notHers = await call("/api/v1/features/featurestates/", { token: overrides.token, body: identity });
    expect([notHers.status, notHers.body]).toEqual([403, DENIED]);
    const his = await call("/api/v1/features/featurestates/", { token: states.token, body: identity });
    expect(his.status).toBe(201);

    const deleted = await call(`/api/v1/features/featurestates/${made.body.id}/`, {
      method: "DELETE",
      token: overrides.token,
    });
    expect(deleted.status).toBe(204);
  });
});

describe("the last admin under concurrent changes", () => {
  // Each round: an organisation with two admins, each demoting the other at the same moment.
  // Exactly one may win, whatever the order: the loser finds itself the last admin (400) or
  // no longer an admin (403).
  it.each([1, 2, 3, 4, 5])(
    "round %i: of two simultaneous demotions of the last two admins, one succeeds",
    async () => {
      const s = await seed();
      const me = (await call("/api/v1/auth/users/me/", { token: s.token })).body;
      const b = await addMember(s.organisationId, "ADMIN");
      const org = `/api/v1/organisations/${s.organisationId}`;
      const demote = (token: string, id: number) =>
        call(`${org}/users/${id}/update-role/`, { token, body: { role: "USER" } });
      const answers = await Promise.all([demote(s.token, b.id), demote(b.token, me.id)]);
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((st) => st === 200)).toHaveLength(1);
      expect(statuses.filter((st) => st === 400 || st === 403)).toHaveLength(1);
      const members = (await call(`${org}/users/`, { token: s.token })).body as { role: string }[];
      expect(members.filter((m) => m.role === "ADMIN")).toHaveLength(1);
    },
  );

  it("two simultaneous removals of the last two admins: one succeeds", async () => {
    const s = await seed();
    const me = (await call("/api/v1/auth/users/me/", { token: s.token })).body;
    const b = await addMember(s.organisationId, "ADMIN");
    const org = `/api/v1/organisations/${s.organisationId}`;
    const answers = await Promise.all([
      call(`${org}/remove-users/`, { token: s.token, body: [{ id: b.id }] }),
      call(`${org}/remove-users/`, { token: b.token, body: [{ id: me.id }] }),
    ]);
    expect(answers.filter((a) => a.status < 300)).toHaveLength(1);
    const remaining = answers.find((a) => a.status < 300) === answers[0] ? s.token : b.token;
    const members = (await call(`${org}/users/`, { token: remaining })).body as { role: string }[];
    expect(members.filter((m) => m.role === "ADMIN")).toHaveLength(1);
  });
});
