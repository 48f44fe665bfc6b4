// Blast radius of a stored change request (Ensign): GET …/change-requests/{id}/impact/ for an
// environment request and GET /projects/{id}/change-requests/{cr_id}/impact/?environment= for a
// segment request, computed as POST /environments/{api_key}/impact/ computes a proposal.
import { describe, expect, it } from "vitest";
import { call, seed, unique, type Seeded } from "../support/api";
import { createFeature, createSegment, equalsRules, identify } from "../support/fixtures";
import { addMember } from "../support/members";

const crPath = (id: number, action = "") =>
  `/api/v1/features/workflows/change-requests/${id}/${action ? `${action}/` : ""}`;
const projectCrPath = (s: Seeded, id: number, action = "") =>
  `/api/v1/projects/${s.projectId}/change-requests/${id}/${action ? `${action}/` : ""}`;
const COMMITTED = { detail: "A committed change request is live already: it has no pending impact." };
const DENIED = { detail: "You do not have permission to perform this action." };

async function expectStatus(res: Promise<{ status: number; text: string; body: any }>, status: number) {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
}

async function populate(s: Seeded, count: number) {
  for (let i = 0; i < count; i++)
    await identify(s, `person-${i}`, [{ trait_key: "plan", trait_value: i % 2 === 0 ? "pro" : "free" }]);
}

async function requireApprovals(path: string, s: Seeded) {
  await expectStatus(
    call(path, { method: "PUT", token: s.token, body: { minimum_change_request_approvals: 1 } }),
    200,
  );
}

/** A segment override of the feature in the environment, serving "blue" to plan=pro. */
async function overrideFor(s: Seeded, featureId: number, segmentId: number) {
  const created = await expectStatus(
    call(`/api/v1/environments/${s.envKey}/features/${featureId}/create-segment-override/`, {
      token: s.token,
      body: {
        enabled: true,
        feature_state_value: { type: "unicode", string_value: "blue" },
        feature_segment: { segment: segmentId },
      },
    }),
    201,
  );
  return created.feature_segment.id as number;
}

async function envRequest(s: Seeded, featureStates: Record<string, unknown>[]) {
  return expectStatus(
    call(`/api/v1/environments/${s.envKey}/create-change-request/`, {
      token: s.token,
      body: { title: unique("cr"), feature_states: featureStates },
    }),
    201,
  );
}

describe("impact of an environment change request", () => {
  it("counts off→on for every stored identity, with examples, and writes nothing", async () => {
    const s = await seed();
    const feature = await createFeature(s, { default_enabled: false });
    await populate(s, 4);
    await requireApprovals(`/api/v1/environments/${s.envKey}/`, s);
    const cr = await envRequest(s, [{ feature: feature.id, enabled: true }]);
    const body = await expectStatus(call(`${crPath(cr.id, "impact")}?examples=1`, { token: s.token }), 200);
    expect(body).toMatchObject({
      environment: s.envKey,
      identities_scanned: 4,
      identities_changed: 4,
      is_complete: true,
      scan_limit: 10000,
    });
    expect(body.features).toEqual([
      {
        feature: { id: feature.id, name: feature.name },
        identities_changed: 4,
        other_changes: 0,
        changes: [expect.objectContaining({ kind: "OFF_TO_ON", from: false, to: true, count: 4 })],
      },
    ]);
    expect(body.features[0].changes[0].examples).toHaveLength(1);
    const flags = await identify(s, "person-0");
    expect(flags.flags.find((f) => f.feature.id === feature.id)?.enabled).toBe(false);
  });

  it("reaches only the identities a proposed segment override's segment matches", async () => {
    const s = await seed();
    const feature = await createFeature(s, { initial_value: "red", default_enabled: true });
    const segment = await createSegment(s);
    const featureSegment = await overrideFor(s, feature.id, segment.id);
    await populate(s, 4);
    await requireApprovals(`/api/v1/environments/${s.envKey}/`, s);
    const cr = await envRequest(s, [
      { feature: feature.id, feature_segment: featureSegment, feature_state_value: "green" },
    ]);
    const body = await expectStatus(call(crPath(cr.id, "impact"), { token: s.token }), 200);
    expect(body.identities_changed).toBe(2);
    expect(body.features[0].changes[0]).toMatchObject({ kind: "VALUE", from: "blue", to: "green", count: 2 });
    expect(body.features[0].changes[0].examples[0].proposed).toMatchObject({
      decided_by: "SEGMENT_OVERRIDE",
      segment: { id: segment.id, name: segment.name },
    });
  });

  it("answers 400 for bad examples and a committed request, 401, 403 and 404", async () => {
    const s = await seed();
    const feature = await createFeature(s);
    await requireApprovals(`/api/v1/environments/${s.envKey}/`, s);
    const cr = await envRequest(s, [{ feature: feature.id, enabled: true }]);
    const bad = await expectStatus(call(`${crPath(cr.id, "impact")}?examples=11`, { token: s.token }), 400);
    expect(bad).toEqual({ examples: ["Ensure this value is an integer from 0 to 10."] });
    await expectStatus(call(crPath(cr.id, "impact")), 401);

    const member = await addMember(s.organisationId);
    expect(await expectStatus(call(crPath(cr.id, "impact"), { token: member.token }), 403)).toEqual(DENIED);
    const stranger = await seed();
    await expectStatus(call(crPath(cr.id, "impact"), { token: stranger.token }), 404);
    await expectStatus(call(crPath(999999999, "impact"), { token: s.token }), 404);

    const approver = await addMember(s.organisationId, "ADMIN");
    await expectStatus(call(crPath(cr.id, "approve"), { token: approver.token, method: "POST" }), 200);
    await expectStatus(call(crPath(cr.id, "commit"), { token: s.token, body: {} }), 200);
    expect(await expectStatus(call(crPath(cr.id, "impact"), { token: s.token }), 400)).toEqual(COMMITTED);
  });
});

describe("impact of a project (segment) change request", () => {
  it("evaluates the proposed rules in the named environment, and answers 400 and 404", async () => {
    const s = await seed();
    const feature = await createFeature(s, { initial_value: "red", default_enabled: true });
    const segment = await createSegment(s);
    await overrideFor(s, feature.id, segment.id);
    await populate(s, 4);
    await requireApprovals(`/api/v1/projects/${s.projectId}/`, s);
    const cr = await expectStatus(
      call(`/api/v1/projects/${s.projectId}/change-requests/`, {
        token: s.token,
        body: { title: unique("cr"), segments: [{ id: segment.id, rules: equalsRules("plan", "nobody") }] },
      }),
      201,
    );
    const path = projectCrPath(s, cr.id, "impact");
    const body = await expectStatus(call(`${path}?environment=${s.envKey}`, { token: s.token }), 200);
    expect(body).toMatchObject({ environment: s.envKey, identities_scanned: 4, identities_changed: 2 });
    expect(body.features[0].changes[0]).toMatchObject({ kind: "VALUE", from: "blue", to: "red", count: 2 });
    const byId = await expectStatus(call(`${path}?environment=${s.environmentId}`, { token: s.token }), 200);
    expect(byId.identities_changed).toBe(2);

    expect(await expectStatus(call(path, { token: s.token }), 400)).toEqual({
      environment: ["This field is required."],
    });
    // An environment of another project of the same organisation is not this request's.
    const other = await expectStatus(
      call("/api/v1/projects/", {
        token: s.token,
        body: { name: unique("p"), organisation: s.organisationId },
      }),
      201,
    );
    const otherEnv = await expectStatus(
      call("/api/v1/environments/", { token: s.token, body: { name: unique("e"), project: other.id } }),
      201,
    );
    await expectStatus(call(`${path}?environment=${otherEnv.api_key}`, { token: s.token }), 404);
    await expectStatus(
      call(`${projectCrPath(s, 999999999, "impact")}?environment=${s.envKey}`, { token: s.token }),
      404,
    );
    const member = await addMember(s.organisationId);
    expect(await expectStatus(call(`${path}?environment=${s.envKey}`, { token: member.token }), 403)).toEqual(
      DENIED,
    );

    const approver = await addMember(s.organisationId, "ADMIN");
    await expectStatus(
      call(projectCrPath(s, cr.id, "approve"), { token: approver.token, method: "POST" }),
      200,
    );
    await expectStatus(call(projectCrPath(s, cr.id, "commit"), { token: s.token, body: {} }), 200);
    expect(await expectStatus(call(`${path}?environment=${s.envKey}`, { token: s.token }), 400)).toEqual(
      COMMITTED,
    );
  });
});
