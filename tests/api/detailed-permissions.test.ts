// Flagsmith's user-detailed-permissions over HTTP: a member's permissions on an organisation,
// project and environment with their sources (own grant, group, admin of the project,
// organisation admin), who may ask, and that nothing outside the organisation is revealed.
import { beforeAll, describe, expect, it } from "vitest";
import { call, seed, signUp, unique, type Seeded } from "../support/api";
import { addMember, type Member } from "../support/members";

const DENIED = { detail: "You do not have permission to perform this action." };
const NOT_FOUND = { detail: "Not found." };
const nothing = { groups: [], roles: [] };
const NONE = { admin: false, is_directly_granted: false, derived_from: nothing, permissions: [] };

async function ok(res: Promise<{ status: number; body: any; text: string }>) {
  const r = await res;
  if (r.status >= 300) throw new Error(`${r.status} ${r.text}`);
  return r.body;
}

let s: Seeded;
let ownerId: number;
const project = (userId: number | string) =>
  `/api/v1/projects/${s.projectId}/user-detailed-permissions/${userId}/`;
const environment = (userId: number | string) =>
  `/api/v1/environments/${s.envKey}/user-detailed-permissions/${userId}/`;
const organisation = (userId: number | string) =>
  `/api/v1/organisations/${s.organisationId}/user-detailed-permissions/${userId}/`;

async function grant(path: string, body: Record<string, unknown>) {
  return ok(call(path, { token: s.token, body }));
}

async function group(name: string, users: number[]) {
  return ok(
    call(`/api/v1/organisations/${s.organisationId}/groups/`, { token: s.token, body: { name, users } }),
  );
}

beforeAll(async () => {
  s = await seed();
  ownerId = (await ok(call("/api/v1/auth/users/me/", { token: s.token }))).id;
});

describe("what a member holds and where it comes from", () => {
  it("a member without grants holds nothing anywhere", async () => {
    const b = await addMember(s.organisationId);
    for (const url of [organisation(b.id), project(b.id), environment(b.id)]) {
      const res = await call(url, { token: s.token });
      expect([url, res.status, res.body]).toEqual([url, 200, NONE]);
    }
  });

  it("a direct grant's keys are directly granted", async () => {
    const b = await addMember(s.organisationId);
    await grant(`/api/v1/projects/${s.projectId}/user-permissions/`, {
      user: b.id,
      permissions: ["VIEW_PROJECT", "CREATE_FEATURE"],
    });
    const res = await call(project(b.id), { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      admin: false,
      is_directly_granted: false,
      derived_from: nothing,
      permissions: [
        { permission_key: "CREATE_FEATURE", is_directly_granted: true, derived_from: nothing },
        { permission_key: "VIEW_PROJECT", is_directly_granted: true, derived_from: nothing },
      ],
    });
  });

  it("a group's keys name the group, alongside the member's own grant", async () => {
    const b = await addMember(s.organisationId);
    const engineers = await group(unique("Engineers"), [b.id]);
    const source = { id: engineers.id, name: engineers.name };
    await grant(`/api/v1/environments/${s.envKey}/user-group-permissions/`, {
      group: engineers.id,
      permissions: ["VIEW_ENVIRONMENT", "UPDATE_FEATURE_STATE"],
    });
    await grant(`/api/v1/environments/${s.envKey}/user-permissions/`, {
      user: b.id,
      permissions: ["VIEW_ENVIRONMENT"],
    });
    const res = await call(environment(b.id), { token: s.token });
    expect(res.body).toEqual({
      admin: false,
      is_directly_granted: false,
      derived_from: nothing,
      permissions: [
        {
          permission_key: "UPDATE_FEATURE_STATE",
          is_directly_granted: false,
          derived_from: { groups: [source], roles: [] },
        },
        {
          permission_key: "VIEW_ENVIRONMENT",
          is_directly_granted: true,
          derived_from: { groups: [source], roles: [] },
        },
      ],
    });
    // Organisation keys through a group.
    await grant(`/api/v1/organisations/${s.organisationId}/user-group-permissions/`, {
      group: engineers.id,
      permissions: ["CREATE_PROJECT"],
    });
    expect((await call(organisation(b.id), { token: s.token })).body.permissions).toEqual([
      {
        permission_key: "CREATE_PROJECT",
        is_directly_granted: false,
        derived_from: { groups: [source], roles: [] },
      },
    ]);
  });

  it("admin of the project through a group makes them admin of its environments, via that group", async () => {
    const b = await addMember(s.organisationId);
    const leads = await group(unique("Leads"), [b.id]);
    await grant(`/api/v1/projects/${s.projectId}/user-group-permissions/`, { group: leads.id, admin: true });
    const expected = {
      admin: true,
      is_directly_granted: false,
      derived_from: { groups: [{ id: leads.id, name: leads.name }], roles: [] },
      permissions: [],
    };
    expect((await call(project(b.id), { token: s.token })).body).toEqual(expected);
    expect((await call(environment(b.id), { token: s.token })).body).toEqual(expected);
    // Not of the organisation.
    expect((await call(organisation(b.id), { token: s.token })).body).toEqual(NONE);
  });

  it("an own admin grant on the project is direct on the project and its environments", async () => {
    const b = await addMember(s.organisationId);
    await grant(`/api/v1/projects/${s.projectId}/user-permissions/`, { user: b.id, admin: true });
    const expected = { admin: true, is_directly_granted: true, derived_from: nothing, permissions: [] };
    expect((await call(project(b.id), { token: s.token })).body).toEqual(expected);
    expect((await call(environment(b.id), { token: s.token })).body).toEqual(expected);
  });

  it("an organisation admin is admin directly of everything", async () => {
    const admin = await addMember(s.organisationId, "ADMIN");
    for (const url of [organisation(admin.id), project(admin.id), environment(admin.id)]) {
      const res = await call(url, { token: s.token });
      expect([url, res.status, res.body]).toEqual([
        url,
        200,
        { admin: true, is_directly_granted: true, derived_from: nothing, permissions: [] },
      ]);
    }
  });
});

describe("who may ask", () => {
  let b: Member;
  beforeAll(async () => {
    b = await addMember(s.organisationId);
    await grant(`/api/v1/projects/${s.projectId}/user-permissions/`, {
      user: b.id,
      permissions: ["VIEW_PROJECT"],
    });
  });

  it("a member may ask about themselves", async () => {
    for (const url of [organisation(b.id), project(b.id), environment(b.id)])
      expect((await call(url, { token: b.token })).status).toBe(200);
    expect((await call(project(b.id), { token: b.token })).body.permissions).toEqual([
      { permission_key: "VIEW_PROJECT", is_directly_granted: true, derived_from: nothing },
    ]);
  });

  it("a non-admin asking about someone else is refused, whoever the id names", async () => {
    for (const url of [organisation, project, environment])
      for (const id of [ownerId, 2_000_000_000]) {
        const res = await call(url(id), { token: b.token });
        expect([url(id), res.status, res.body]).toEqual([url(id), 403, DENIED]);
      }
  });

  it("an admin of the project may ask about others there, not in the organisation", async () => {
    const lead = await addMember(s.organisationId);
    await grant(`/api/v1/projects/${s.projectId}/user-permissions/`, { user: lead.id, admin: true });
    expect((await call(project(b.id), { token: lead.token })).status).toBe(200);
    expect((await call(environment(b.id), { token: lead.token })).status).toBe(200);
    expect((await call(organisation(b.id), { token: lead.token })).body).toEqual(DENIED);
  });

  it("without credentials: 401", async () => {
    const res = await call(project(b.id));
    expect(res.status).toBe(401);
  });
});

describe("nothing outside the organisation", () => {
  it("a user of another organisation, an unknown user and a malformed id answer 404 alike", async () => {
    const other = await seed();
    const stranger = await signUp();
    const otherOwner = (await ok(call("/api/v1/auth/users/me/", { token: other.token }))).id;
    for (const url of [organisation, project, environment])
      for (const id of [otherOwner, stranger.id, 2_000_000_000, "abc"]) {
        const res = await call(url(id), { token: s.token });
        expect([url(id), res.status, res.body]).toEqual([url(id), 404, NOT_FOUND]);
      }
  });

  it("another tenant's organisation, project and environment answer 404, even about oneself", async () => {
    const other = await seed();
    for (const url of [
      `/api/v1/organisations/${other.organisationId}/user-detailed-permissions/${ownerId}/`,
      `/api/v1/projects/${other.projectId}/user-detailed-permissions/${ownerId}/`,
      `/api/v1/environments/${other.envKey}/user-detailed-permissions/${ownerId}/`,
    ]) {
      const res = await call(url, { token: s.token });
      expect([url, res.status, res.body]).toEqual([url, 404, NOT_FOUND]);
    }
  });
});
