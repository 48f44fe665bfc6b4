// Change requests across two instances on one database (PostgreSQL in the PostgreSQL run):
// approvers approving at the same moment through different instances each count once, and
// commits racing through both instances write the change exactly once.
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, seed, unique, type Seeded } from "../support/api";
import { createFeature } from "../support/fixtures";
import { addMember, type Member } from "../support/members";
import { sharedEnsign, type SharedEnsign } from "../support/shared-server";

/** Another instance on this run's database, shared with other files (support/shared-server.ts). */
let other: SharedEnsign;
let s: Seeded;
let approvers: Member[];
let featureId: number;
let featureName: string;

const crPath = (id: number, action = "") =>
  `/api/v1/features/workflows/change-requests/${id}/${action ? `${action}/` : ""}`;

beforeAll(async () => {
  other = await sharedEnsign("other");
  s = await seed();
  const feature = await createFeature(s);
  featureId = feature.id;
  featureName = feature.name;
  approvers = [await addMember(s.organisationId, "ADMIN"), await addMember(s.organisationId, "ADMIN")];
  const protect = await call(`/api/v1/environments/${s.envKey}/`, {
    method: "PUT",
    token: s.token,
    body: { minimum_change_request_approvals: 2 },
  });
  expect(protect.status, protect.text).toBe(200);
});

async function createRequest(value: string) {
  const res = await call(`/api/v1/environments/${s.envKey}/create-change-request/`, {
    token: s.token,
    body: {
      title: unique("cr"),
      feature_states: [{ feature: featureId, enabled: true, feature_state_value: value }],
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; title: string };
}

async function servedValue(base: string) {
  const res = await call("/api/v1/flags/", { envKey: s.envKey, baseUrl: base });
  return res.body.find((f: any) => f.feature.name === featureName)?.feature_state_value;
}

describe("change requests on two instances", () => {
  it("counts two approvers approving at once through different instances, and each only once", async () => {
    const cr = await createRequest("approved-at-once");
    const [a, b] = approvers;
    // Each approver twice, both instances at once: two approvals, never four, never one.
    const answers = await Promise.all([
      call(crPath(cr.id, "approve"), { method: "POST", token: a.token }),
      call(crPath(cr.id, "approve"), { method: "POST", token: b.token, baseUrl: other.url }),
      call(crPath(cr.id, "approve"), { method: "POST", token: a.token, baseUrl: other.url }),
      call(crPath(cr.id, "approve"), { method: "POST", token: b.token }),
    ]);
    for (const answer of answers) expect(answer.status, answer.text).toBeLessThan(500);
    const view = await call(crPath(cr.id), { token: s.token, baseUrl: other.url });
    expect(view.status).toBe(200);
    expect(view.body.approvals.map((x: any) => x.user).sort()).toEqual([a.id, b.id].sort());
    expect(view.body.is_approved).toBe(true);
  });

  it("commits exactly once when the author and both approvers commit at once through both instances", async () => {
    for (let round = 0; round < 3; round++) {
      const value = `round-${round}`;
      const cr = await createRequest(value);
      for (const approver of approvers) {
        const ok = await call(crPath(cr.id, "approve"), { method: "POST", token: approver.token });
        expect(ok.status, ok.text).toBe(200);
      }
      const bases = [baseUrl(), other.url];
      const racers = [s.token, ...approvers.map((m) => m.token)].flatMap((token) =>
        bases.map((base) => call(crPath(cr.id, "commit"), { token, body: {}, baseUrl: base })),
      );
      const statuses = (await Promise.all(racers)).map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);

      const audit = await call(`/api/v1/audit/?project=${s.projectId}&page_size=100`, { token: s.token });
      const commits = audit.body.results.filter(
        (e: any) => e.log === `Change Request: ${cr.title} committed`,
      );
      expect(commits).toHaveLength(1);
      const view = await call(crPath(cr.id), { token: s.token });
      expect(view.body.is_committed).toBe(true);
      // Both instances serve the committed value (the other learns of it as of any write).
      for (const base of bases) {
        await expect.poll(() => servedValue(base), { timeout: 5_000 }).toBe(value);
      }
    }
  });
});
