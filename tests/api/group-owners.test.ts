// Group owners of features (Flagsmith's add-group-owners / remove-group-owners, `group_owners`
// on create and in the list filter), the organisation's group summaries, and tags by uuid.
import { describe, expect, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { addMember } from "../support/members";

const featuresPath = (s: Seeded) => `/api/v1/projects/${s.projectId}/features/`;
const groupsPath = (s: Seeded) => `/api/v1/organisations/${s.organisationId}/groups/`;
const NOT_FOUND = { detail: "Not found." };

async function created(res: Promise<{ status: number; body: any; text: string }>) {
  const r = await res;
  if (r.status !== 201) throw new Error(`expected 201: ${r.status} ${r.text}`);
  return r.body;
}

const createGroup = (s: Seeded, name = unique("team")) =>
  created(call(groupsPath(s), { token: s.token, body: { name } }));
const createFeature = (s: Seeded, body: Record<string, unknown> = {}) =>
  created(call(featuresPath(s), { token: s.token, body: { name: unique("f"), ...body } }));
const post = (s: Seeded, featureId: number, action: string, body: unknown, token = s.token) =>
  call(`${featuresPath(s)}${featureId}/${action}/`, { token, body });
const groupOwnersOf = async (s: Seeded, featureId: number) =>
  (await call(`${featuresPath(s)}${featureId}/`, { token: s.token })).body.group_owners;

describe("group owners of a feature", () => {
  it("adds and removes groups in Flagsmith's shape, once each", async () => {
    const s = await seed();
    const team = await createGroup(s, "Payments");
    const other = await createGroup(s, "Growth");
    const feature = await createFeature(s, { name: "checkout" });
    expect(feature.group_owners).toEqual([]);

    const added = await post(s, feature.id, "add-group-owners", { group_ids: [other.id, team.id, team.id] });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      id: feature.id,
      name: "checkout",
      created_date: feature.created_date,
      description: null,
      initial_value: null,
      default_enabled: false,
      type: "STANDARD",
      owners: feature.owners,
      group_owners: [
        { id: team.id, name: "Payments" },
        { id: other.id, name: "Growth" },
      ].sort((a, b) => a.id - b.id),
      is_server_key_only: false,
    });
    // Adding again changes nothing; the feature and the list show the same groups.
    expect((await post(s, feature.id, "add-group-owners", { group_ids: [team.id] })).status).toBe(200);
    expect(await groupOwnersOf(s, feature.id)).toEqual(added.body.group_owners);
    const list = await call(featuresPath(s), { token: s.token });
    expect(list.body.results[0].group_owners).toEqual(added.body.group_owners);

    const removed = await post(s, feature.id, "remove-group-owners", { group_ids: [team.id, 999999999] });
    expect(removed.status).toBe(200);
    expect(removed.body.group_owners).toEqual([{ id: other.id, name: "Growth" }]);
    expect((await post(s, feature.id, "remove-group-owners", { group_ids: [] })).status).toBe(200);
    expect(await groupOwnersOf(s, feature.id)).toEqual([{ id: other.id, name: "Growth" }]);
  });

  it("refuses another organisation's group and unknown ids alike, writing nothing", async () => {
    const s = await seed();
    const theirs = await seed();
    const foreign = await createGroup(theirs);
    const mine = await createGroup(s);
    const feature = await createFeature(s);
    for (const ids of [[foreign.id], [mine.id, foreign.id], [999999999]]) {
      const refused = await post(s, feature.id, "add-group-owners", { group_ids: ids });
      expect([refused.status, refused.body]).toEqual([400, ["Some groups not found"]]);
    }
    expect(await groupOwnersOf(s, feature.id)).toEqual([]);

    for (const [ids, named] of [
      [[foreign.id], [foreign.id]],
      [
        [mine.id, 999999999, foreign.id],
        [999999999, foreign.id],
      ],
    ]) {
      const name = unique("f");
      const onCreate = await call(featuresPath(s), { token: s.token, body: { name, group_owners: ids } });
      expect([onCreate.status, onCreate.body]).toEqual([
        400,
        {
          group_owners: [
            `Groups with ids [${named.join(", ")}] do not belong to this project's organisation.`,
          ],
        },
      ]);
      const search = await call(`${featuresPath(s)}?search=${name}`, { token: s.token });
      expect(search.body.count).toBe(0);
    }
    // Removing another organisation's group from this feature touches nothing of theirs.
    const theirFeature = await createFeature(theirs);
    await post(theirs, theirFeature.id, "add-group-owners", { group_ids: [foreign.id] });
    expect((await post(s, feature.id, "remove-group-owners", { group_ids: [foreign.id] })).status).toBe(200);
    expect(await groupOwnersOf(theirs, theirFeature.id)).toEqual([{ id: foreign.id, name: foreign.name }]);
  });

  it("takes group owners on create, ignores them on update", async () => {
    const s = await seed();
    const team = await createGroup(s);
    const feature = await createFeature(s, { group_owners: [team.id, team.id] });
    expect(feature.group_owners).toEqual([{ id: team.id, name: team.name }]);
    // The creator still owns it: Flagsmith adds them when no user owners are named.
    expect(feature.owners).toHaveLength(1);
    const other = await createGroup(s);
    for (const method of ["PUT", "PATCH"]) {
      const res = await call(`${featuresPath(s)}${feature.id}/`, {
        token: s.token,
        method,
        body: { group_owners: [other.id], description: method },
      });
      expect(res.status).toBe(200);
      expect(res.body.group_owners).toEqual([{ id: team.id, name: team.name }]);
    }
  });

  it("validates the body and bounds the list", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    const cases: [unknown, unknown][] = [
      [{}, { group_ids: ["This field is required."] }],
      [{ group_ids: "1" }, { group_ids: ['Expected a list of items but got type "str".'] }],
      [
        { group_ids: Array.from({ length: 101 }, (_, i) => i + 1) },
        { group_ids: ["Ensure this field has no more than 100 elements."] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await post(s, feature.id, "add-group-owners", body);
      expect([res.status, res.body]).toEqual([400, errors]);
    }
    // Items that are not 32-bit integers are refused (the shared error mapper words them).
    for (const item of ["x", 99999999999]) {
      const res = await post(s, feature.id, "add-group-owners", { group_ids: [item] });
      expect(res.status).toBe(400);
    }
    const tooMany = await call(featuresPath(s), {
      token: s.token,
      body: { name: unique("f"), group_owners: Array.from({ length: 101 }, (_, i) => i + 1) },
    });
    expect([tooMany.status, tooMany.body]).toEqual([
      400,
      { group_owners: ["Ensure this field has no more than 100 elements."] },
    ]);
  });

  it("answers 401 without a token and 404 for another tenant's or an unknown feature", async () => {
    const s = await seed();
    const theirs = await seed();
    const feature = await createFeature(s);
    for (const action of ["add-group-owners", "remove-group-owners"]) {
      const anonymous = await call(`${featuresPath(s)}${feature.id}/${action}/`, { body: { group_ids: [] } });
      expect(anonymous.status).toBe(401);
      const stranger = await post(s, feature.id, action, { group_ids: [] }, theirs.token);
      const unknown = await post(s, 999999999, action, { group_ids: [] });
      expect([stranger.status, stranger.body]).toEqual([404, NOT_FOUND]);
      expect([unknown.status, unknown.body]).toEqual([404, NOT_FOUND]);
      // Another project's feature under this project's path.
      const theirFeature = await createFeature(theirs);
      const crossed = await post(s, theirFeature.id, action, { group_ids: [] });
      expect([crossed.status, crossed.body]).toEqual([404, NOT_FOUND]);
    }
  });

  it("needs CREATE_FEATURE on the project", async () => {
    const s = await seed();
    const member = await addMember(s.organisationId);
    const feature = await createFeature(s);
    const team = await createGroup(s);
    await created(
      call(`/api/v1/projects/${s.projectId}/user-permissions/`, {
        token: s.token,
        body: { user: member.id, permissions: ["VIEW_PROJECT"], admin: false },
      }),
    );
    const denied = await post(s, feature.id, "add-group-owners", { group_ids: [team.id] }, member.token);
    expect([denied.status, denied.body]).toEqual([
      403,
      { detail: "You do not have permission to perform this action." },
    ]);
    expect(await groupOwnersOf(s, feature.id)).toEqual([]);
  });

  it("drops a deleted group's ownerships", async () => {
    const s = await seed();
    const team = await createGroup(s);
    const keep = await createGroup(s);
    const feature = await createFeature(s, { group_owners: [team.id, keep.id] });
    expect((await call(`${groupsPath(s)}${team.id}/`, { token: s.token, method: "DELETE" })).status).toBe(
      204,
    );
    expect(await groupOwnersOf(s, feature.id)).toEqual([{ id: keep.id, name: keep.name }]);
    const filtered = await call(`${featuresPath(s)}?group_owners=${team.id}`, { token: s.token });
    expect(filtered.body.count).toBe(0);
  });

  it("records the change in the audit log", async () => {
    const s = await seed();
    const team = await createGroup(s);
    const feature = await createFeature(s);
    await post(s, feature.id, "add-group-owners", { group_ids: [team.id] });
    const [entry] = (await call("/api/v1/audit/?page_size=1", { token: s.token })).body.results;
    expect(entry.log).toBe(`Flag / Remote Config updated: ${feature.name}`);
    const detail = await call(`/api/v1/audit/${entry.id}/`, { token: s.token });
    expect(detail.body.change_details).toContainEqual({ field: "group_owners", old: [], new: [team.id] });
  });
});

describe("the features list's group_owners filter", () => {
  it("lists features a listed group owns, or a listed user owns (Flagsmith's OR)", async () => {
    const s = await seed();
    const me = (await call("/api/v1/auth/users/me/", { token: s.token })).body;
    const team = await createGroup(s);
    const other = await createGroup(s);
    const grouped = await createFeature(s, { name: "grouped", group_owners: [team.id] });
    const byOther = await createFeature(s, { name: "by-other", group_owners: [other.id] });
    const orphan = await createFeature(s, { name: "orphan" });
    for (const f of [grouped, byOther, orphan]) await post(s, f.id, "remove-owners", { user_ids: [me.id] });
    const mine = await createFeature(s, { name: "mine" });
    const names = async (query: string) => {
      const res = await call(`${featuresPath(s)}?sort_field=name&${query}`, { token: s.token });
      expect(res.status).toBe(200);
      return res.body.results.map((f: { name: string }) => f.name);
    };
    expect(await names(`group_owners=${team.id}`)).toEqual(["grouped"]);
    expect(await names(`group_owners=${team.id},%20${other.id}`)).toEqual(["by-other", "grouped"]);
    expect(await names(`group_owners=${team.id}&owners=${me.id}`)).toEqual(["grouped", "mine"]);
    expect(await names("group_owners=")).toEqual(["by-other", "grouped", "mine", "orphan"]);
    expect(await names("group_owners=99999999999")).toEqual([]);
    void mine;
    // Another organisation's group owns nothing here.
    const theirs = await seed();
    const foreign = await createGroup(theirs);
    expect(await names(`group_owners=${foreign.id}`)).toEqual([]);
    const bad = await call(`${featuresPath(s)}?group_owners=team`, { token: s.token });
    expect([bad.status, bad.body]).toEqual([400, { group_owners: ["Group owner IDs must be integers."] }]);
  });
});

describe("group summaries", () => {
  it("lists every group of the organisation to any member, as {id, name}", async () => {
    const s = await seed();
    const a = await createGroup(s, "Alpha");
    const b = await createGroup(s, "Beta");
    const member = await addMember(s.organisationId);
    const path = `${groupsPath(s)}summaries/`;
    for (const token of [s.token, member.token]) {
      const res = await call(path, { token });
      expect([res.status, res.body]).toEqual([
        200,
        [
          { id: a.id, name: "Alpha" },
          { id: b.id, name: "Beta" },
        ],
      ]);
    }
    expect((await call(path)).status).toBe(401);
    const theirs = await seed();
    const stranger = await call(path, { token: theirs.token });
    const missing = await call("/api/v1/organisations/999999999/groups/summaries/", { token: s.token });
    expect(stranger.status).toBe(missing.status);
    expect(stranger.body).toEqual(missing.body);
  });
});

describe("tags by uuid", () => {
  it("answers the project's tag in Flagsmith's shape and 404 for anything else", async () => {
    const s = await seed();
    const tagsPath = `/api/v1/projects/${s.projectId}/tags/`;
    const tag = await created(call(tagsPath, { token: s.token, body: { label: "beta" } }));
    const res = await call(`${tagsPath}get-by-uuid/${tag.uuid}/`, { token: s.token });
    expect([res.status, res.body]).toEqual([200, tag]);
    expect((await call(`${tagsPath}get-by-uuid/${tag.uuid}/`)).status).toBe(401);

    // Another project of the same organisation, and another tenant's project.
    const sibling = await created(
      call("/api/v1/projects/", {
        token: s.token,
        body: { name: unique("p"), organisation: s.organisationId },
      }),
    );
    const siblingTag = await created(
      call(`/api/v1/projects/${sibling.id}/tags/`, { token: s.token, body: { label: "beta" } }),
    );
    const theirs = await seed();
    const theirTag = await created(
      call(`/api/v1/projects/${theirs.projectId}/tags/`, { token: theirs.token, body: { label: "beta" } }),
    );
    for (const uuid of [siblingTag.uuid, theirTag.uuid, "00000000-0000-4000-8000-000000000000", "abc"]) {
      const other = await call(`${tagsPath}get-by-uuid/${uuid}/`, { token: s.token });
      expect([other.status, other.body]).toEqual([404, NOT_FOUND]);
    }
    const malformed = await call(`${tagsPath}get-by-uuid/NOT-A-UUID/`, { token: s.token });
    expect(malformed.status).toBe(404);
    const stranger = await call(`${tagsPath}get-by-uuid/${tag.uuid}/`, { token: theirs.token });
    const noProject = await call(`/api/v1/projects/999999999/tags/get-by-uuid/${tag.uuid}/`, {
      token: theirs.token,
    });
    expect([stranger.status, stranger.body]).toEqual([noProject.status, noProject.body]);
  });
});
