// Segment changes in a project with change requests on (`minimum_change_request_approvals`
// set on the project): a direct PUT/PATCH of a segment and a segment version restore answer
// 409 change_requests_enabled and write nothing; the commit of an approved project change
// request still changes the segment and keeps the replaced rules as a version; creating and
// deleting segments stay direct (Flagsmith guards only updates); with the minimum unset
// everything is direct as before.
import { describe, expect, it } from "vitest";
import { call, seed, type Seeded } from "../support/api";
import { createSegment, equalsRules } from "../support/fixtures";
import { addMember } from "../support/members";

const SEGMENTS_CR_ENABLED = {
  detail: "Cannot update segments in a project with change requests enabled.",
  code: "change_requests_enabled",
};

const segmentPath = (s: Seeded, id: number) => `/api/v1/projects/${s.projectId}/segments/${id}/`;
const versionsPath = (s: Seeded, id: number) => `${segmentPath(s, id)}versions/`;

async function expectStatus(res: Promise<{ status: number; text: string; body: any }>, status: number) {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
}

async function setMinimum(s: Seeded, minimum: number | null) {
  await expectStatus(
    call(`/api/v1/projects/${s.projectId}/`, {
      method: "PUT",
      token: s.token,
      body: { minimum_change_request_approvals: minimum },
    }),
    200,
  );
}

async function readSegment(s: Seeded, id: number) {
  return expectStatus(call(segmentPath(s, id), { token: s.token }), 200);
}

async function versions(s: Seeded, id: number) {
  return expectStatus(call(versionsPath(s, id), { token: s.token }), 200);
}

function conditionOf(segment: any) {
  return segment.rules[0].rules[0].conditions[0];
}

describe("segments in a project with change requests on", () => {
  it("refuses a direct PUT or PATCH with 409 and writes nothing", async () => {
    const s = await seed();
    const segment = await createSegment(s, { name: "plans" });
    await setMinimum(s, 1);
    const before = await readSegment(s, segment.id);
    const auditBefore = await call(`/api/v1/audit/?project=${s.projectId}`, { token: s.token });

    const put = await call(segmentPath(s, segment.id), {
      token: s.token,
      method: "PUT",
      body: { name: "plans", rules: equalsRules("plan", "team") },
    });
    expect(put.status, put.text).toBe(409);
    expect(put.body).toEqual(SEGMENTS_CR_ENABLED);
    // A change of the name or description alone is a segment update too.
    const patch = await call(segmentPath(s, segment.id), {
      token: s.token,
      method: "PATCH",
      body: { description: "renamed" },
    });
    expect(patch.status, patch.text).toBe(409);
    expect(patch.body).toEqual(SEGMENTS_CR_ENABLED);
    const patchRules = await call(segmentPath(s, segment.id), {
      token: s.token,
      method: "PATCH",
      body: { rules: equalsRules("plan", "enterprise") },
    });
    expect(patchRules.status, patchRules.text).toBe(409);

    expect(await readSegment(s, segment.id)).toEqual(before);
    expect(conditionOf(before)).toMatchObject({ property: "plan", value: "pro" });
    expect((await versions(s, segment.id)).count).toBe(0);
    const auditAfter = await call(`/api/v1/audit/?project=${s.projectId}`, { token: s.token });
    expect(auditAfter.body.count).toBe(auditBefore.body.count);

    // Someone else's segment is still a 404, not a 409 that would tell it exists.
    const stranger = await seed();
    const foreign = await call(`/api/v1/projects/${stranger.projectId}/segments/${segment.id}/`, {
      token: stranger.token,
      method: "PATCH",
      body: { description: "x" },
    });
    expect(foreign.status).toBe(404);
  });

  it("refuses a segment version restore with 409 and writes nothing", async () => {
    const s = await seed();
    const segment = await createSegment(s, { name: "before" });
    await expectStatus(
      call(segmentPath(s, segment.id), {
        token: s.token,
        method: "PUT",
        body: { name: "after", rules: equalsRules("plan", "team") },
      }),
      200,
    );
    const [kept] = (await versions(s, segment.id)).results;
    await setMinimum(s, 2);

    const restore = await call(`${versionsPath(s, segment.id)}${kept.id}/restore/`, {
      token: s.token,
      method: "POST",
    });
    expect(restore.status, restore.text).toBe(409);
    expect(restore.body).toEqual(SEGMENTS_CR_ENABLED);
    const live = await readSegment(s, segment.id);
    expect(live.name).toBe("after");
    expect(conditionOf(live).value).toBe("team");
    expect((await versions(s, segment.id)).count).toBe(1);
  });

  it("still commits an approved project change request, keeping the replaced rules as a version", async () => {
    const s = await seed();
    const approver = await addMember(s.organisationId, "ADMIN");
    await setMinimum(s, 1);
    // Creating a segment stays direct.
    const segment = await createSegment(s, { name: "beta" });
    const base = `/api/v1/projects/${s.projectId}/change-requests/`;
    const cr = await expectStatus(
      call(base, {
        token: s.token,
        body: {
          title: "Widen beta",
          segments: [{ id: segment.id, rules: equalsRules("plan", "beta"), description: "wider" }],
        },
      }),
      201,
    );
    await expectStatus(call(`${base}${cr.id}/approve/`, { token: approver.token, method: "POST" }), 200);
    const committed = await expectStatus(call(`${base}${cr.id}/commit/`, { token: s.token, body: {} }), 200);
    expect(committed.is_committed).toBe(true);

    const live = await readSegment(s, segment.id);
    expect(live.description).toBe("wider");
    expect(conditionOf(live)).toMatchObject({ property: "plan", value: "beta" });
    const history = await versions(s, segment.id);
    expect(history.count).toBe(1);
    expect(history.results[0]).toMatchObject({ version: 1, name: "beta", reason: "CHANGE_REQUEST" });
    expect(history.results[0].rules[0].rules[0].conditions[0].value).toBe("pro");

    // Deleting a segment stays direct too.
    const other = await createSegment(s);
    expect((await call(segmentPath(s, other.id), { token: s.token, method: "DELETE" })).status).toBe(204);
    expect((await call(segmentPath(s, other.id), { token: s.token })).status).toBe(404);
  });

  it("with the minimum unset (never set, or set back to null) updates and restores are direct", async () => {
    const s = await seed();
    const segment = await createSegment(s, { name: "open" });
    await expectStatus(
      call(segmentPath(s, segment.id), {
        token: s.token,
        method: "PUT",
        body: { name: "open", rules: equalsRules("plan", "team") },
      }),
      200,
    );
    await setMinimum(s, 1);
    await setMinimum(s, null);
    const patched = await expectStatus(
      call(segmentPath(s, segment.id), {
        token: s.token,
        method: "PATCH",
        body: { description: "again", rules: equalsRules("plan", "enterprise") },
      }),
      200,
    );
    expect(conditionOf(patched).value).toBe("enterprise");
    const [latest] = (await versions(s, segment.id)).results;
    expect(latest).toMatchObject({ version: 2, reason: "UPDATED" });
    const restored = await expectStatus(
      call(`${versionsPath(s, segment.id)}${latest.id}/restore/`, { token: s.token, method: "POST" }),
      200,
    );
    expect(conditionOf(restored).value).toBe("team");
    expect((await versions(s, segment.id)).count).toBe(3);
  });
});

describe("a segment change request's answer", () => {
  it("carries the live segment it would change, and null once that segment is gone", async () => {
    const s = await seed();
    const segment = await createSegment(s, { name: "plans", rules: equalsRules("plan", "pro") });
    await setMinimum(s, 1);
    const live = await readSegment(s, segment.id);
    const base = `/api/v1/projects/${s.projectId}/change-requests/`;
    const cr = await expectStatus(
      call(base, {
        token: s.token,
        body: {
          title: "Widen",
          segments: [{ id: segment.id, name: "plans+", rules: equalsRules("plan", "team") }],
        },
      }),
      201,
    );
    const view = await expectStatus(call(`${base}${cr.id}/`, { token: s.token }), 200);
    expect(view.segments[0]).toMatchObject({ id: segment.id, name: "plans+" });
    expect(view.segments[0].live).toEqual({
      name: "plans",
      description: live.description,
      rules: live.rules,
    });
    expect(view.users.map((u: any) => u.email)).toEqual([s.email]);
    await expectStatus(call(segmentPath(s, segment.id), { token: s.token, method: "DELETE" }), 204);
    const gone = await expectStatus(call(`${base}${cr.id}/`, { token: s.token }), 200);
    expect(gone.segments[0].live).toBeNull();
  });
});
