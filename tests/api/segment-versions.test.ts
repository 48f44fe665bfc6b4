// Segment history (Ensign): every change of a segment's rules keeps the segment as it was as a
// version; GET …/segments/{id}/versions/ lists them and POST …/versions/{id}/restore/ brings one back.
import { describe, expect, it } from "vitest";
import { call, seed, signUp, type Seeded } from "../support/api";
import { createSegment, equalsRules, identify } from "../support/fixtures";
import { addMember } from "../support/members";

const segmentPath = (s: Seeded, id: number) => `/api/v1/projects/${s.projectId}/segments/${id}/`;
const versionsPath = (s: Seeded, id: number) => `${segmentPath(s, id)}versions/`;

async function put(s: Seeded, id: number, body: Record<string, unknown>) {
  const res = await call(segmentPath(s, id), { token: s.token, method: "PUT", body });
  if (res.status !== 200) throw new Error(`segment update: ${res.status} ${res.text}`);
  return res.body;
}

describe("segment versions", () => {
  it("keeps the previous rules on each change of the rules, newest first, with the author", async () => {
    const s = await seed();
    const segment = await createSegment(s, { name: "plans" });
    const empty = await call(versionsPath(s, segment.id), { token: s.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ count: 0, next: null, previous: null, results: [] });

    await put(s, segment.id, { name: "plans", rules: equalsRules("plan", "team") });
    // The same rules again, or only a new description, keep nothing.
    await put(s, segment.id, { name: "plans", rules: equalsRules("plan", "team") });
    await call(segmentPath(s, segment.id), { token: s.token, method: "PATCH", body: { description: "x" } });
    await put(s, segment.id, { name: "plans", rules: equalsRules("plan", "enterprise") });

    const list = await call(versionsPath(s, segment.id), { token: s.token });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    const [second, first] = list.body.results;
    expect(first).toEqual({
      id: expect.any(Number),
      segment: segment.id,
      version: 1,
      name: "plans",
      description: null,
      rules: [
        {
          type: "ALL",
          conditions: [],
          rules: [
            {
              type: "ANY",
              conditions: [{ property: "plan", operator: "EQUAL", value: "pro", description: null }],
              rules: [],
            },
          ],
        },
      ],
      reason: "UPDATED",
      created_at: expect.any(String),
      author: { id: expect.any(Number), email: s.email },
    });
    expect(second).toMatchObject({ version: 2, description: "x" });
    expect(second.rules[0].rules[0].conditions[0].value).toBe("team");
  });

  it("restores a version: rules, name and description come back, the replaced state is kept, SDKs see it", async () => {
    const s = await seed();
    const segment = await createSegment(s, { name: "before" });
    await put(s, segment.id, { name: "after", description: "later", rules: equalsRules("plan", "team") });
    const [kept] = (await call(versionsPath(s, segment.id), { token: s.token })).body.results;

    const restored = await call(`${versionsPath(s, segment.id)}${kept.id}/restore/`, {
      token: s.token,
      method: "POST",
    });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: segment.id, name: "before", description: null });
    expect(restored.body.rules[0].rules[0].conditions[0]).toMatchObject({ property: "plan", value: "pro" });

    const list = (await call(versionsPath(s, segment.id), { token: s.token })).body;
    expect(list.count).toBe(2);
    expect(list.results[0]).toMatchObject({
      version: 2,
      name: "after",
      description: "later",
      reason: "RESTORED",
    });
    expect(list.results[0].rules[0].rules[0].conditions[0].value).toBe("team");

    const audit = await call(`/api/v1/audit/?project=${s.projectId}&page_size=1`, { token: s.token });
    expect(audit.body.results[0].log).toBe("Segment restored to version 1: before");

    // The restored rules are live: the segment counts a "pro" identity again.
    await identify(s, "restored-user", [{ trait_key: "plan", trait_value: "pro" }]);
    const count = await call(`${segmentPath(s, segment.id)}identity-count/?environment=${s.envKey}`, {
      token: s.token,
    });
    expect(count.body.count).toBe(1);
  });

  it("answers 401 without credentials, 404 to strangers and for a foreign or missing version, 403 without MANAGE_SEGMENTS", async () => {
    const s = await seed();
    const segment = await createSegment(s);
    await put(s, segment.id, { name: segment.name, rules: equalsRules("plan", "team") });
    const [kept] = (await call(versionsPath(s, segment.id), { token: s.token })).body.results;
    const restorePath = `${versionsPath(s, segment.id)}${kept.id}/restore/`;

    expect((await call(versionsPath(s, segment.id))).status).toBe(401);
    expect((await call(restorePath, { method: "POST" })).status).toBe(401);
    const stranger = await signUp();
    const hidden = await call(restorePath, { token: stranger.token, method: "POST" });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ detail: "Not found." });

    const other = await createSegment(s);
    const foreign = await call(`${versionsPath(s, other.id)}${kept.id}/restore/`, {
      token: s.token,
      method: "POST",
    });
    expect(foreign.status).toBe(404);
    const missing = await call(`${versionsPath(s, segment.id)}999999999/restore/`, {
      token: s.token,
      method: "POST",
    });
    expect(missing.status).toBe(404);

    const member = await addMember(s.organisationId);
    const denied = await call(restorePath, { token: member.token, method: "POST" });
    expect(denied.status).toBe(403);
    const pastEnd = await call(`${versionsPath(s, segment.id)}?page=9`, { token: s.token });
    expect(pastEnd.status).toBe(404);
    expect(pastEnd.body).toEqual({ detail: "Invalid page." });
  });
});
