import { describe, expect, it } from "vitest";
import {
  approveVerdict,
  commitVerdict,
  isWaitingFor,
  rejectVerdict,
  statusOf,
  type ReviewedRequest,
  type Viewer,
} from "./change-requests";

const AUTHOR = 1;
const APPROVER = 2;
const OUTSIDER = 3;

function request(overrides: Partial<ReviewedRequest> = {}): ReviewedRequest {
  return {
    user: AUTHOR,
    is_committed: false,
    is_approved: false,
    is_rejected: false,
    minimum_approvals: 1,
    ignore_conflicts: false,
    approvals: [{ user: APPROVER, approved_at: null, is_assigned: true }],
    group_assignments: [],
    conflicts: [],
    live_from: null,
    committed_at: null,
    ...overrides,
  };
}

const viewer = (id: number, overrides: Partial<Viewer> = {}): Viewer => ({
  id,
  groupIds: [],
  canApproveKey: true,
  canCommitKey: true,
  ...overrides,
});

describe("approve and reject", () => {
  it("lets an assigned reviewer approve, and says why the author and an outsider may not", () => {
    expect(approveVerdict(request(), viewer(APPROVER))).toEqual({ allowed: true });
    expect(approveVerdict(request(), viewer(AUTHOR))).toEqual({
      allowed: false,
      reason: "You wrote this request: another person must review it.",
    });
    expect(approveVerdict(request(), viewer(OUTSIDER))).toEqual({
      allowed: false,
      reason: "Only the assigned reviewers (and members of the assigned groups) may review it.",
    });
    expect(rejectVerdict(request(), viewer(OUTSIDER)).allowed).toBe(false);
  });

  it("counts a member of an assigned group as assigned, and anyone when nobody is assigned", () => {
    const byGroup = request({ approvals: [], group_assignments: [{ group: 7 }] });
    expect(approveVerdict(byGroup, viewer(OUTSIDER, { groupIds: [7] })).allowed).toBe(true);
    expect(approveVerdict(byGroup, viewer(OUTSIDER, { groupIds: [8] })).allowed).toBe(false);
    expect(approveVerdict(request({ approvals: [] }), viewer(OUTSIDER)).allowed).toBe(true);
  });

  it("refuses without the permission key, twice, and once committed", () => {
    expect(approveVerdict(request(), viewer(APPROVER, { canApproveKey: false }))).toEqual({
      allowed: false,
      reason: "You lack the permission to approve change requests here.",
    });
    const approved = request({
      approvals: [{ user: APPROVER, approved_at: "2026-01-01T00:00:00Z", is_assigned: true }],
    });
    expect(approveVerdict(approved, viewer(APPROVER))).toEqual({
      allowed: false,
      reason: "You approved this request.",
    });
    expect(rejectVerdict(approved, viewer(APPROVER)).allowed).toBe(true);
    expect(approveVerdict(request({ is_committed: true }), viewer(APPROVER)).allowed).toBe(false);
  });
});

describe("commit", () => {
  const approved = { is_approved: true };
  it("needs the approvals, no rejection, no unignored conflict and the key", () => {
    expect(commitVerdict(request(), viewer(AUTHOR))).toEqual({
      allowed: false,
      reason: "It needs 1 more approval before it can be committed.",
    });
    expect(commitVerdict(request({ minimum_approvals: 3 }), viewer(AUTHOR)).allowed).toBe(false);
    expect(commitVerdict(request(approved), viewer(AUTHOR))).toEqual({ allowed: true });
    expect(commitVerdict(request({ ...approved, is_rejected: true }), viewer(AUTHOR)).allowed).toBe(false);
    expect(commitVerdict(request(approved), viewer(AUTHOR, { canCommitKey: false })).allowed).toBe(false);
    const conflicted = request({ ...approved, conflicts: [{}] });
    expect(commitVerdict(conflicted, viewer(AUTHOR)).allowed).toBe(false);
    expect(commitVerdict(conflicted, viewer(AUTHOR), true).allowed).toBe(true);
    expect(commitVerdict(request({ ...approved, is_committed: true }), viewer(AUTHOR)).allowed).toBe(false);
  });
});

describe("status and waiting", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  it("tells open, scheduled and committed apart", () => {
    expect(statusOf(request(), now)).toBe("open");
    expect(statusOf({ committed_at: "2026-05-01T00:00:00Z", live_from: "2026-07-01T00:00:00Z" }, now)).toBe(
      "scheduled",
    );
    expect(statusOf({ committed_at: "2026-05-01T00:00:00Z", live_from: null }, now)).toBe("committed");
  });

  it("is waiting for an assigned reviewer who has not approved, never for the author", () => {
    expect(isWaitingFor(request(), viewer(APPROVER))).toBe(true);
    expect(isWaitingFor(request(), viewer(AUTHOR))).toBe(false);
    expect(isWaitingFor(request(), viewer(OUTSIDER))).toBe(false);
    expect(
      isWaitingFor(
        request({ approvals: [{ user: APPROVER, approved_at: "2026-01-01T00:00:00Z", is_assigned: true }] }),
        viewer(APPROVER),
      ),
    ).toBe(false);
    expect(
      isWaitingFor(
        request({ approvals: [], group_assignments: [{ group: 4 }] }),
        viewer(OUTSIDER, { groupIds: [4] }),
      ),
    ).toBe(true);
  });
});
