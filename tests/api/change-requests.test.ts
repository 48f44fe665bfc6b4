// Change requests over HTTP: enforcement of `minimum_change_request_approvals` in the one
// write path (409 change_requests_enabled, identity overrides exempt), and each rule of a
// request's life: create, approve (not the author's own, only assignees when named), edit
// drops approvals, reject with a comment, conflicts, commit exactly once, live_from,
// break-glass, and segment change requests of a project.
import { beforeEach, describe, expect, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { createFeature, createSegment, equalsRules } from "../support/fixtures";
import { addMember, type Member } from "../support/members";

const CR_ENABLED = {
  detail: "Cannot update flags in an environment with change requests enabled.",
  code: "change_requests_enabled",
};
const crPath = (id: number, action = "") =>
  `/api/v1/features/workflows/change-requests/${id}/${action ? `${action}/` : ""}`;

async function expectStatus(res: Promise<{ status: number; text: string; body: any }>, status: number) {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
}

async function protect(s: Seeded, minimum: number | null = 1) {
  await expectStatus(
    call(`/api/v1/environments/${s.envKey}/`, {
      method: "PUT",
      token: s.token,
      body: { minimum_change_request_approvals: minimum },
    }),
    200,
  );
}

async function defaultState(s: Seeded, name: string) {
  const page = await call(`/api/v1/environments/${s.envKey}/featurestates/?feature_name=${name}`, {
    token: s.token,
  });
  return page.body.results[0];
}

async function flag(s: Seeded, name: string) {
  const res = await call("/api/v1/flags/", { envKey: s.envKey });
  return res.body.find((f: any) => f.feature.name === name);
}

type Setup = { s: Seeded; featureId: number; name: string; approver: Member };

async function setup(): Promise<Setup> {
  const s = await seed();
  const feature = await createFeature(s);
  const approver = await addMember(s.organisationId, "ADMIN");
  await protect(s);
  return { s, featureId: feature.id, name: feature.name, approver };
}

function createRequest(s: Seeded, token: string, body: Record<string, unknown>) {
  return call(`/api/v1/environments/${s.envKey}/create-change-request/`, {
    token,
    body: { title: unique("cr"), ...body },
  });
}

async function request(t: Setup, body: Record<string, unknown> = {}) {
  return expectStatus(
    createRequest(t.s, t.s.token, {
      feature_states: [{ feature: t.featureId, enabled: true, feature_state_value: "on" }],
      ...body,
    }),
    201,
  );
}

const approve = (id: number, token: string) => call(crPath(id, "approve"), { token, method: "POST" });
const commit = (id: number, token: string, body: Record<string, unknown> = {}) =>
  call(crPath(id, "commit"), { token, body });

describe("enforcement in the write path", () => {
  it("refuses every direct change of a feature state with 409, except identity overrides", async () => {
    const t = await setup();
    const state = await defaultState(t.s, t.name);
    const patch = await call(`/api/v1/environments/${t.s.envKey}/featurestates/${state.id}/`, {
      token: t.s.token,
      method: "PATCH",
      body: { enabled: true },
    });
    expect(patch.status).toBe(409);
    expect(patch.body).toEqual(CR_ENABLED);
    const byId = await call(`/api/v1/features/featurestates/${state.id}/`, {
      token: t.s.token,
      method: "PATCH",
      body: { enabled: true },
    });
    expect([byId.status, byId.body]).toEqual([409, CR_ENABLED]);
    const schedule = await call(
      `/api/v1/environments/${t.s.envKey}/features/${t.featureId}/scheduled-changes/`,
      { token: t.s.token, body: { enabled: true, run_at: new Date(Date.now() + 3600_000).toISOString() } },
    );
    expect([schedule.status, schedule.body]).toEqual([409, CR_ENABLED]);
    const segment = await createSegment(t.s);
    const override = await call(
      `/api/v1/environments/${t.s.envKey}/features/${t.featureId}/create-segment-override/`,
      {
        token: t.s.token,
        body: {
          feature_state_value: { type: "unicode", string_value: "x" },
          feature_segment: { segment: segment.id },
        },
      },
    );
    expect([override.status, override.body]).toEqual([409, CR_ENABLED]);
    expect((await flag(t.s, t.name)).enabled).toBe(false);

    const identity = await expectStatus(
      call(`/api/v1/environments/${t.s.envKey}/identities/`, {
        token: t.s.token,
        body: { identifier: unique("i") },
      }),
      201,
    );
    await expectStatus(
      call("/api/v1/features/featurestates/", {
        token: t.s.token,
        body: { feature: t.featureId, environment: t.s.environmentId, identity: identity.id, enabled: true },
      }),
      201,
    );

    // Turning change requests off lets direct writes through again.
    await protect(t.s, null);
    await expectStatus(
      call(`/api/v1/environments/${t.s.envKey}/featurestates/${state.id}/`, {
        token: t.s.token,
        method: "PATCH",
        body: { enabled: true },
      }),
      200,
    );
  });
});

describe("a change request's life", () => {
  let t: Setup;
  beforeEach(async () => {
    t = await setup();
  });

  it("is created in Flagsmith's shape, approved by another person, committed, and audited", async () => {
    const cr = await request(t, { description: "turn it on" });
    expect(cr).toMatchObject({
      title: expect.any(String),
      description: "turn it on",
      environment: t.s.environmentId,
      project: t.s.projectId,
      committed_at: null,
      committed_by: null,
      is_approved: false,
      is_committed: false,
      conflicts: [],
      approvals: [],
      group_assignments: [],
      live_from: null,
      feature_states: [
        {
          feature: t.featureId,
          feature_segment: null,
          environment: t.s.environmentId,
          enabled: true,
          feature_state_value: "on",
          multivariate_feature_state_values: [],
          live_from: null,
        },
      ],
    });
    // Not approved yet.
    const early = await commit(cr.id, t.s.token);
    expect(early.status).toBe(400);
    // The author cannot approve their own request.
    const own = await approve(cr.id, t.s.token);
    expect([own.status, own.body]).toEqual([400, { detail: "You cannot approve your own change request." }]);

    const approved = await expectStatus(approve(cr.id, t.approver.token), 200);
    expect(approved.is_approved).toBe(true);
    expect(approved.approvals).toEqual([
      { id: expect.any(Number), user: t.approver.id, approved_at: expect.any(String), is_assigned: false },
    ]);
    const committed = await expectStatus(commit(cr.id, t.s.token), 200);
    expect(committed).toMatchObject({ is_committed: true, committed_by: expect.any(Number) });
    expect(committed.committed_at).not.toBeNull();
    expect(await flag(t.s, t.name)).toMatchObject({ enabled: true, feature_state_value: "on" });

    const audit = await call(`/api/v1/audit/?project=${t.s.projectId}&page_size=50`, { token: t.s.token });
    const logs = audit.body.results.map((e: any) => e.log);
    for (const event of ["created", "approved", "committed"])
      expect(logs).toContain(`Change Request: ${cr.title} ${event}`);

    const list = await call(`/api/v1/environments/${t.s.envKey}/list-change-requests/?committed=true`, {
      token: t.s.token,
    });
    expect(list.body.results.map((r: any) => r.id)).toEqual([cr.id]);
    const open = await call(`/api/v1/environments/${t.s.envKey}/list-change-requests/?committed=false`, {
      token: t.s.token,
    });
    expect(open.body.count).toBe(0);
  });

  it("only assignees (users or members of assigned groups) may approve when any are named", async () => {
    const other = await addMember(t.s.organisationId, "ADMIN");
    const member = await addMember(t.s.organisationId, "ADMIN");
    const group = await expectStatus(
      call(`/api/v1/organisations/${t.s.organisationId}/groups/`, {
        token: t.s.token,
        body: { name: unique("reviewers"), users: [member.id] },
      }),
      201,
    );
    const cr = await request(t, {
      approvals: [{ user: t.approver.id }],
      group_assignments: [{ group: group.id }],
    });
    expect(cr.approvals).toEqual([
      { id: expect.any(Number), user: t.approver.id, approved_at: null, is_assigned: true },
    ]);
    expect(cr.group_assignments).toEqual([{ group: group.id }]);
    const outsider = await approve(cr.id, other.token);
    expect([outsider.status, outsider.body]).toEqual([
      403,
      { detail: "Only the reviewers assigned to this change request may review it." },
    ]);
    await expectStatus(approve(cr.id, member.token), 200);
    const byUser = await expectStatus(approve(cr.id, t.approver.token), 200);
    expect(byUser.approvals.filter((a: any) => a.approved_at).length).toBe(2);
  });

  it("refuses approvals from members without APPROVE_CHANGE_REQUEST, and unknown assignees", async () => {
    const viewer = await addMember(t.s.organisationId, "USER");
    const cr = await request(t);
    const res = await approve(cr.id, viewer.token);
    expect(res.status).toBe(403);
    const bad = await createRequest(t.s, t.s.token, {
      feature_states: [{ feature: t.featureId, enabled: true }],
      approvals: [{ user: 2147483000 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.approvals[0]).toContain("not a member");
  });

  it("editing what it would do drops the approvals", async () => {
    const cr = await request(t);
    await expectStatus(approve(cr.id, t.approver.token), 200);
    const renamed = await expectStatus(
      call(crPath(cr.id), { token: t.s.token, method: "PATCH", body: { title: "Renamed" } }),
      200,
    );
    expect(renamed.is_approved).toBe(true);
    const edited = await expectStatus(
      call(crPath(cr.id), {
        token: t.s.token,
        method: "PUT",
        body: { feature_states: [{ feature: t.featureId, enabled: true, feature_state_value: 7 }] },
      }),
      200,
    );
    expect(edited.is_approved).toBe(false);
    expect(edited.approvals).toEqual([]);
    expect(edited.feature_states[0].feature_state_value).toBe(7);
  });

  it("a committed request cannot be edited, deleted or committed again", async () => {
    const cr = await request(t);
    await expectStatus(approve(cr.id, t.approver.token), 200);
    await expectStatus(commit(cr.id, t.s.token), 200);
    const edit = await call(crPath(cr.id), { token: t.s.token, method: "PATCH", body: { title: "x" } });
    expect([edit.status, edit.body]).toEqual([
      400,
      { detail: "A committed change request cannot be changed." },
    ]);
    const del = await call(crPath(cr.id), { token: t.s.token, method: "DELETE" });
    expect([del.status, del.body]).toEqual([
      400,
      { detail: "A committed change request cannot be deleted." },
    ]);
    const again = await commit(cr.id, t.s.token);
    expect([again.status, again.body]).toEqual([
      409,
      { detail: "This change request has been committed already." },
    ]);
    // An open one can be deleted, and is gone.
    const open = await request(t);
    await expectStatus(call(crPath(open.id), { token: t.s.token, method: "DELETE" }), 204);
    expect((await call(crPath(open.id), { token: t.s.token })).status).toBe(404);
  });

  it("commits exactly once when two commits race", async () => {
    const cr = await request(t);
    await expectStatus(approve(cr.id, t.approver.token), 200);
    const results = await Promise.all([commit(cr.id, t.s.token), commit(cr.id, t.approver.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const audit = await call(`/api/v1/audit/?project=${t.s.projectId}&page_size=100`, { token: t.s.token });
    const commits = audit.body.results.filter((e: any) => e.log === `Change Request: ${cr.title} committed`);
    expect(commits).toHaveLength(1);
  });

  it("reports conflicts with the live state and blocks the commit unless they are ignored", async () => {
    const first = await request(t);
    const second = await request(t, {
      feature_states: [{ feature: t.featureId, enabled: false, feature_state_value: "second" }],
    });
    for (const cr of [first, second]) await expectStatus(approve(cr.id, t.approver.token), 200);
    await expectStatus(commit(first.id, t.s.token), 200);
    const view = await expectStatus(call(crPath(second.id), { token: t.s.token }), 200);
    expect(view.conflicts).toEqual([
      {
        segment_id: null,
        original_cr_id: null,
        published_at: expect.any(String),
        is_environment_default: true,
      },
    ]);
    const blocked = await commit(second.id, t.s.token);
    expect(blocked.status).toBe(409);
    expect(blocked.body).toEqual({ detail: expect.any(String), code: "change_request_conflicts" });
    await expectStatus(commit(second.id, t.s.token, { ignore_conflicts: true }), 200);
    expect(await flag(t.s, t.name)).toMatchObject({ enabled: false, feature_state_value: "second" });
  });

  it("rejects with a comment, which blocks the commit until the request is edited", async () => {
    const cr = await request(t);
    const noComment = await call(crPath(cr.id, "reject"), { token: t.approver.token, body: {} });
    expect(noComment.status).toBe(400);
    const rejected = await expectStatus(
      call(crPath(cr.id, "reject"), { token: t.approver.token, body: { comment: "Not on a Friday" } }),
      200,
    );
    expect(rejected).toMatchObject({ is_rejected: true, rejected_by: t.approver.id });
    await expectStatus(
      call(crPath(cr.id, "comments"), { token: t.s.token, body: { comment: "Monday then" } }),
      201,
    );
    const comments = await expectStatus(call(crPath(cr.id, "comments"), { token: t.s.token }), 200);
    expect(comments.map((c: any) => [c.comment, c.is_rejection])).toEqual([
      ["Not on a Friday", true],
      ["Monday then", false],
    ]);
    const blocked = await commit(cr.id, t.s.token);
    expect(blocked.body).toEqual({ detail: "This change request was rejected; edit it before committing." });
    const edited = await expectStatus(
      call(crPath(cr.id), {
        token: t.s.token,
        method: "PATCH",
        body: { feature_states: [{ feature: t.featureId, enabled: true }] },
      }),
      200,
    );
    expect(edited.is_rejected).toBe(false);
  });

  it("lets an organisation admin break glass with a reason, loudly audited", async () => {
    const cr = await request(t);
    const user = await addMember(t.s.organisationId, "USER");
    await expectStatus(
      call(`/api/v1/projects/${t.s.projectId}/user-permissions/`, {
        token: t.s.token,
        body: { user: user.id, permissions: ["VIEW_PROJECT"], admin: false },
      }),
      201,
    );
    await expectStatus(
      call(`/api/v1/environments/${t.s.envKey}/user-permissions/`, {
        token: t.s.token,
        body: { user: user.id, permissions: ["VIEW_ENVIRONMENT", "UPDATE_FEATURE_STATE"], admin: false },
      }),
      201,
    );
    const notAdmin = await commit(cr.id, user.token, { bypass: true, reason: "outage" });
    expect([notAdmin.status, notAdmin.body]).toEqual([
      403,
      { detail: "Only organisation admins may commit without the approvals." },
    ]);
    const noReason = await commit(cr.id, t.s.token, { bypass: true });
    expect(noReason.status).toBe(400);
    await expectStatus(commit(cr.id, t.s.token, { bypass: true, reason: "outage #42" }), 200);
    expect((await flag(t.s, t.name)).enabled).toBe(true);
    const audit = await call(`/api/v1/audit/?project=${t.s.projectId}&page_size=50`, { token: t.s.token });
    const entry = audit.body.results.find((e: any) => e.log.includes("WITHOUT APPROVALS"));
    expect(entry.log).toContain("outage #42");
    expect(entry.log).toContain(t.s.email);
  });

  it("a future live_from makes the commit a scheduled change that the runner applies", async () => {
    const liveFrom = new Date(Date.now() + 2500).toISOString();
    const cr = await request(t, {
      feature_states: [
        { feature: t.featureId, enabled: true, feature_state_value: "later", live_from: liveFrom },
      ],
    });
    expect(cr.live_from).toBe(liveFrom);
    await expectStatus(approve(cr.id, t.approver.token), 200);
    await expectStatus(commit(cr.id, t.s.token), 200);
    const scheduled = await call(
      `/api/v1/environments/${t.s.envKey}/features/${t.featureId}/scheduled-changes/`,
      { token: t.s.token },
    );
    expect(scheduled.body).toHaveLength(1);
    expect(scheduled.body[0]).toMatchObject({ run_at: liveFrom });
    let live = await flag(t.s, t.name);
    for (let i = 0; i < 60 && live.feature_state_value !== "later"; i++) {
      await new Promise((r) => setTimeout(r, 500));
      live = await flag(t.s, t.name);
    }
    expect(live).toMatchObject({ enabled: true, feature_state_value: "later" });
  });

  it("filters the list by search and feature, paged", async () => {
    const other = await createFeature(t.s);
    const a = await request(t, { title: unique("Alpha") });
    const b = await request(t, {
      title: unique("beta"),
      feature_states: [{ feature: other.id, enabled: true }],
    });
    const base = `/api/v1/environments/${t.s.envKey}/list-change-requests/`;
    const all = await call(base, { token: t.s.token });
    expect(all.body.results.map((r: any) => r.id)).toEqual([b.id, a.id]);
    const search = await call(`${base}?search=ALPHA`, { token: t.s.token });
    expect(search.body.results.map((r: any) => r.id)).toEqual([a.id]);
    const byFeature = await call(`${base}?feature_id=${other.id}`, { token: t.s.token });
    expect(byFeature.body.results.map((r: any) => r.id)).toEqual([b.id]);
    const paged = await call(`${base}?page_size=1&page=2`, { token: t.s.token });
    expect(paged.body).toMatchObject({ count: 2, results: [{ id: a.id }] });
  });

  it("answers 400 for bad bodies and 404 for unknown or foreign requests", async () => {
    const empty = await createRequest(t.s, t.s.token, { feature_states: [] });
    expect(empty.status).toBe(400);
    const foreign = await createFeature(await seed());
    const wrong = await createRequest(t.s, t.s.token, { feature_states: [{ feature: foreign.id }] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.feature_states[0]).toContain("does not exist in this project");
    const cr = await request(t);
    const stranger = await seed();
    expect((await call(crPath(cr.id), { token: stranger.token })).status).toBe(404);
    expect((await call(crPath(2147483000), { token: t.s.token })).status).toBe(404);
    expect((await call(crPath(cr.id))).status).toBe(401);
  });
});

describe("segment change requests of a project", () => {
  it("are approved and committed, replacing the segment's rules in one go", async () => {
    const s = await seed();
    const approver = await addMember(s.organisationId, "ADMIN");
    await expectStatus(
      call(`/api/v1/projects/${s.projectId}/`, {
        method: "PUT",
        token: s.token,
        body: { minimum_change_request_approvals: 1 },
      }),
      200,
    );
    const project = await call(`/api/v1/projects/${s.projectId}/`, { token: s.token });
    expect(project.body.minimum_change_request_approvals).toBe(1);
    const segment = await createSegment(s);
    const base = `/api/v1/projects/${s.projectId}/change-requests/`;
    const cr = await expectStatus(
      call(base, {
        token: s.token,
        body: {
          title: "Widen beta",
          segments: [{ version_of: segment.id, rules: equalsRules("plan", "beta") }],
        },
      }),
      201,
    );
    expect(cr).toMatchObject({
      project: s.projectId,
      is_approved: false,
      segments: [{ id: segment.id, version_of: segment.id, name: segment.name }],
    });
    const own = await call(`${base}${cr.id}/approve/`, { token: s.token, method: "POST" });
    expect(own.status).toBe(400);
    expect((await call(`${base}${cr.id}/commit/`, { token: s.token, body: {} })).status).toBe(400);
    await expectStatus(call(`${base}${cr.id}/approve/`, { token: approver.token, method: "POST" }), 200);
    const committed = await expectStatus(call(`${base}${cr.id}/commit/`, { token: s.token, body: {} }), 200);
    expect(committed.is_committed).toBe(true);
    const live = await call(`/api/v1/projects/${s.projectId}/segments/${segment.id}/`, { token: s.token });
    expect(live.body.rules[0].rules[0].conditions[0]).toMatchObject({ property: "plan", value: "beta" });
    const list = await call(`${base}?segment_id=${segment.id}`, { token: s.token });
    expect(list.body.results.map((r: any) => r.id)).toEqual([cr.id]);
    // The environment path does not show a project request.
    expect((await call(crPath(cr.id), { token: s.token })).status).toBe(404);
    const del = await call(`${base}${cr.id}/`, { token: s.token, method: "DELETE" });
    expect(del.status).toBe(400);
  });
});

describe("what a review page reads from the request's own answer", () => {
  it("names each proposed state's feature and segment and carries the live state it would replace", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    const segment = await createSegment(s, { name: unique("pros") });
    const override = await expectStatus(
      call(`/api/v1/environments/${s.envKey}/features/${feature.id}/create-segment-override/`, {
        token: s.token,
        body: {
          enabled: true,
          feature_state_value: { type: "unicode", string_value: "blue" },
          feature_segment: { segment: segment.id },
        },
      }),
      201,
    );
    const featureSegment = override.feature_segment.id as number;
    const live = await defaultState(s, feature.name);
    await protect(s);
    const cr = await expectStatus(
      createRequest(s, s.token, {
        feature_states: [
          { feature: feature.id, enabled: !live.enabled, feature_state_value: 12 },
          { feature: feature.id, feature_segment: featureSegment, enabled: false },
        ],
      }),
      201,
    );
    const view = await expectStatus(call(crPath(cr.id), { token: s.token }), 200);
    expect(view.feature_states).toEqual([
      {
        feature: feature.id,
        feature_segment: null,
        environment: s.environmentId,
        enabled: !live.enabled,
        feature_state_value: 12,
        multivariate_feature_state_values: [],
        live_from: null,
        feature_name: feature.name,
        segment_name: null,
        live: {
          enabled: live.enabled,
          feature_state_value: live.feature_state_value,
          multivariate_feature_state_values: [],
        },
      },
      {
        feature: feature.id,
        feature_segment: featureSegment,
        environment: s.environmentId,
        enabled: false,
        feature_state_value: "blue",
        multivariate_feature_state_values: [],
        live_from: null,
        feature_name: feature.name,
        segment_name: segment.name,
        live: { enabled: true, feature_state_value: "blue", multivariate_feature_state_values: [] },
      },
    ]);
    // The override is deleted meanwhile (change requests turned off for it): nothing live to replace.
    await protect(s, null);
    await expectStatus(
      call(`/api/v1/features/feature-segments/${featureSegment}/`, { token: s.token, method: "DELETE" }),
      204,
    );
    const later = await expectStatus(call(crPath(cr.id), { token: s.token }), 200);
    expect(later.feature_states[1]).toMatchObject({ segment_name: null, live: null });
  });

  it("names the people it mentions as the member list shows them, and no one who left", async () => {
    const t = await setup();
    const viewer = await addMember(t.s.organisationId, "USER");
    for (const [path, permissions] of [
      [`/api/v1/projects/${t.s.projectId}/user-permissions/`, ["VIEW_PROJECT"]],
      [`/api/v1/environments/${t.s.envKey}/user-permissions/`, ["VIEW_ENVIRONMENT"]],
    ] as const)
      await expectStatus(
        call(path, { token: t.s.token, body: { user: viewer.id, permissions, admin: false } }),
        201,
      );
    const leaver = await addMember(t.s.organisationId, "ADMIN");
    const cr = await request(t, { approvals: [{ user: t.approver.id }] });
    await expectStatus(approve(cr.id, t.approver.token), 200);
    await expectStatus(
      call(crPath(cr.id, "comments"), { token: leaver.token, body: { comment: "ok" } }),
      201,
    );
    const org = `/api/v1/organisations/${t.s.organisationId}`;
    const before = await expectStatus(call(crPath(cr.id), { token: viewer.token }), 200);
    const members = await expectStatus(call(`${org}/users/`, { token: viewer.token }), 200);
    const shown = (ids: number[]) =>
      members
        .filter((m: any) => ids.includes(m.id))
        .map((m: any) => ({ id: m.id, email: m.email, first_name: m.first_name, last_name: m.last_name }));
    const author = members.find((m: any) => m.email === t.s.email).id;
    expect(before.users).toEqual(shown([author, t.approver.id, leaver.id]));
    expect(before.users.map((u: any) => u.email).sort()).toEqual(
      [t.s.email, t.approver.email, leaver.email].sort(),
    );
    // Every answer carries them, the author's own included.
    expect(cr.users).toEqual(shown([author, t.approver.id]));

    await expectStatus(call(`${org}/remove-users/`, { token: t.s.token, body: [{ id: leaver.id }] }), 200);
    const after = await expectStatus(call(crPath(cr.id), { token: viewer.token }), 200);
    expect(after.users).toEqual(shown([author, t.approver.id]));
  });
});
