// Organisation-level rights over HTTP: a group's admin manages that group's members without
// MANAGE_USER_GROUPS (and no other group), and MANAGE_USERS lets a member invite people as
// users but never hand out the admin role.
import { beforeAll, describe, expect, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { addMember, type Member } from "../support/members";

const DENIED = { detail: "You do not have permission to perform this action." };

async function created(res: Promise<{ status: number; body: any; text: string }>) {
  const r = await res;
  if (r.status !== 201) throw new Error(`expected 201: ${r.status} ${r.text}`);
  return r.body;
}

describe("group admins", () => {
  let s: Seeded;
  let admin: Member;
  let other: Member;
  let third: Member;
  let groupA: { id: number };
  let groupB: { id: number };
  const org = () => `/api/v1/organisations/${s.organisationId}`;

  beforeAll(async () => {
    s = await seed();
    [admin, other, third] = [
      await addMember(s.organisationId),
      await addMember(s.organisationId),
      await addMember(s.organisationId),
    ];
    groupA = await created(call(`${org()}/groups/`, { token: s.token, body: { name: unique("A") } }));
    groupB = await created(call(`${org()}/groups/`, { token: s.token, body: { name: unique("B") } }));
    for (const g of [groupA, groupB]) {
      const added = await call(`${org()}/groups/${g.id}/add-users/`, {
        token: s.token,
        body: { user_ids: [admin.id] },
      });
      expect(added.status).toBe(200);
    }
    const made = await call(`${org()}/groups/${groupA.id}/users/${admin.id}/make-admin/`, {
      token: s.token,
      method: "POST",
    });
    expect(made.status).toBe(200);
  });

  it("shows who is a group admin", async () => {
    const res = await call(`${org()}/groups/${groupA.id}/`, { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual([expect.objectContaining({ id: admin.id, group_admin: true })]);
  });

  it("lists and reads only the groups they administer", async () => {
    const list = await call(`${org()}/groups/`, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.results.map((g: { id: number }) => g.id)).toEqual([groupA.id]);
    expect((await call(`${org()}/groups/${groupA.id}/`, { token: admin.token })).status).toBe(200);
    const b = await call(`${org()}/groups/${groupB.id}/`, { token: admin.token });
    expect([b.status, b.body]).toEqual([403, DENIED]);
  });

  it("adds and removes users of their group, not of another", async () => {
    const add = await call(`${org()}/groups/${groupA.id}/add-users/`, {
      token: admin.token,
      body: { user_ids: [other.id] },
    });
    expect(add.status).toBe(200);
    expect(add.body.users.map((u: { id: number }) => u.id).sort()).toEqual([admin.id, other.id].sort());

    const intoB = await call(`${org()}/groups/${groupB.id}/add-users/`, {
      token: admin.token,
      body: { user_ids: [other.id] },
    });
    expect([intoB.status, intoB.body]).toEqual([403, DENIED]);
    const fromB = await call(`${org()}/groups/${groupB.id}/remove-users/`, {
      token: admin.token,
      body: { user_ids: [admin.id] },
    });
    expect(fromB.status).toBe(403);
    const b = await call(`${org()}/groups/${groupB.id}/`, { token: s.token });
    expect(b.body.users.map((u: { id: number }) => u.id)).toEqual([admin.id]);

    const remove = await call(`${org()}/groups/${groupA.id}/remove-users/`, {
      token: admin.token,
      body: { user_ids: [other.id] },
    });
    expect(remove.status).toBe(200);
    expect(remove.body.users.map((u: { id: number }) => u.id)).toEqual([admin.id]);
  });

  it("cannot rename or delete the group, nor make admins, nor add themselves elsewhere", async () => {
    const rename = await call(`${org()}/groups/${groupA.id}/`, {
      token: admin.token,
      method: "PATCH",
      body: { name: unique("renamed") },
    });
    expect([rename.status, rename.body]).toEqual([403, DENIED]);
    const del = await call(`${org()}/groups/${groupA.id}/`, { token: admin.token, method: "DELETE" });
    expect(del.status).toBe(403);
    await call(`${org()}/groups/${groupA.id}/add-users/`, {
      token: s.token,
      body: { user_ids: [third.id] },
    });
    const promote = await call(`${org()}/groups/${groupA.id}/users/${third.id}/make-admin/`, {
      token: admin.token,
      method: "POST",
    });
    expect(promote.status).toBe(403);
    const self = await call(`${org()}/groups/${groupA.id}/remove-users/`, {
      token: admin.token,
      body: { user_ids: [admin.id] },
    });
    expect(self.status).toBe(403);
  });

  it("loses the right when no longer admin, and a plain member never had it", async () => {
    const plain = await call(`${org()}/groups/${groupA.id}/add-users/`, {
      token: third.token,
      body: { user_ids: [other.id] },
    });
    expect([plain.status, plain.body]).toEqual([403, DENIED]);
    const unmade = await call(`${org()}/groups/${groupA.id}/users/${admin.id}/remove-admin/`, {
      token: s.token,
      method: "POST",
    });
    expect(unmade.status).toBe(200);
    const after = await call(`${org()}/groups/${groupA.id}/add-users/`, {
      token: admin.token,
      body: { user_ids: [other.id] },
    });
    expect(after.status).toBe(403);
    expect((await call(`${org()}/groups/${groupA.id}/`, { token: admin.token })).status).toBe(403);
  });

  it("a group admin of another organisation's group gets nothing here", async () => {
    const elsewhere = await seed();
    const foreign = await call(`${org()}/groups/${groupA.id}/add-users/`, {
      token: elsewhere.token,
      body: { user_ids: [other.id] },
    });
    expect(foreign.status).toBe(404);
  });
});

describe("MANAGE_USERS", () => {
  let s: Seeded;
  let inviter: Member;
  let plain: Member;
  const org = () => `/api/v1/organisations/${s.organisationId}`;

  beforeAll(async () => {
    s = await seed();
    inviter = await addMember(s.organisationId);
    plain = await addMember(s.organisationId);
    await created(
      call(`${org()}/user-permissions/`, {
        token: s.token,
        body: { user: inviter.id, permissions: ["MANAGE_USERS"] },
      }),
    );
  });

  it("lets a member invite people as users, list and revoke those invitations", async () => {
    const made = await call(`${org()}/invite/`, {
      token: inviter.token,
      body: { invites: [{ email: `${unique("u")}@example.com`, role: "USER" }] },
    });
    expect(made.status).toBe(201);
    expect(made.body[0]).toMatchObject({ role: "USER", invite_url: expect.any(String) });
    const list = await call(`${org()}/invites/`, { token: inviter.token });
    expect(list.status).toBe(200);
    expect(list.body.map((i: { id: number }) => i.id)).toContain(made.body[0].id);
    const resent = await call(`${org()}/invites/${made.body[0].id}/resend/`, {
      token: inviter.token,
      method: "POST",
    });
    expect(resent.status).toBe(200);
    const revoked = await call(`${org()}/invites/${made.body[0].id}/`, {
      token: inviter.token,
      method: "DELETE",
    });
    expect(revoked.status).toBe(204);
  });

  it("refuses the ADMIN role to a MANAGE_USERS holder, by email or by link", async () => {
    const byEmail = await call(`${org()}/invite/`, {
      token: inviter.token,
      body: { invites: [{ email: `${unique("a")}@example.com`, role: "ADMIN" }] },
    });
    expect([byEmail.status, byEmail.body]).toEqual([
      403,
      { detail: "Only organisation admins can invite people as admins." },
    ]);
    const byLink = await call(`${org()}/invite-links/`, { token: inviter.token, body: { role: "ADMIN" } });
    expect(byLink.status).toBe(403);
    const userLink = await call(`${org()}/invite-links/`, { token: inviter.token, body: { role: "USER" } });
    expect(userLink.status).toBe(201);
  });

  it("hides the admins' ADMIN-role links and invitations from a MANAGE_USERS holder's actions", async () => {
    const adminLink = await created(
      call(`${org()}/invite-links/`, { token: s.token, body: { role: "ADMIN" } }),
    );
    const links = await call(`${org()}/invite-links/`, { token: inviter.token });
    expect(links.status).toBe(200);
    expect(links.body.map((l: { role: string }) => l.role)).not.toContain("ADMIN");
    const all = await call(`${org()}/invite-links/`, { token: s.token });
    expect(all.body.map((l: { id: number }) => l.id)).toContain(adminLink.id);
    const del = await call(`${org()}/invite-links/${adminLink.id}/`, {
      token: inviter.token,
      method: "DELETE",
    });
    expect(del.status).toBe(403);

    const [adminInvite] = await created(
      call(`${org()}/invite/`, {
        token: s.token,
        body: { invites: [{ email: `${unique("b")}@example.com`, role: "ADMIN" }] },
      }),
    );
    const resend = await call(`${org()}/invites/${adminInvite.id}/resend/`, {
      token: inviter.token,
      method: "POST",
    });
    expect(resend.status).toBe(403);
    expect(
      (await call(`${org()}/invites/${adminInvite.id}/`, { token: inviter.token, method: "DELETE" })).status,
    ).toBe(403);
  });

  it("a member without MANAGE_USERS is refused every invitation route", async () => {
    for (const [path, body] of [
      [`${org()}/invite/`, { invites: [{ email: `${unique("c")}@example.com` }] }],
      [`${org()}/invites/`, undefined],
      [`${org()}/invite-links/`, undefined],
      [`${org()}/invite-links/`, { role: "USER" }],
    ] as const) {
      const res = await call(path, { token: plain.token, body });
      expect([path, res.status, res.body]).toEqual([path, 403, DENIED]);
    }
  });

  it("does not give roles or removal: those stay with the admins", async () => {
    const role = await call(`${org()}/users/${plain.id}/update-role/`, {
      token: inviter.token,
      body: { role: "ADMIN" },
    });
    expect(role.status).toBe(403);
    const removed = await call(`${org()}/remove-users/`, { token: inviter.token, body: [{ id: plain.id }] });
    expect(removed.status).toBe(403);
  });

  it("shows in my-permissions and is listed as an organisation grant", async () => {
    const mine = await call(`${org()}/my-permissions/`, { token: inviter.token });
    expect(mine.body).toMatchObject({ permissions: ["MANAGE_USERS"], admin: false });
    const grants = await call(`${org()}/user-permissions/`, { token: s.token });
    expect(grants.body).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: inviter.id }),
        permissions: ["MANAGE_USERS"],
      }),
    ]);
  });
});
