// What the viewer of a change request may do with it, and why not: the dashboard disables a
// button with the reason the API would give (or a clearer one) instead of letting it fail.
// Pure, so each rule has a unit test.

export type ReviewedRequest = {
  user: number | null;
  is_committed: boolean;
  is_approved: boolean;
  is_rejected: boolean;
  minimum_approvals: number | null;
  ignore_conflicts: boolean;
  approvals: { user: number; approved_at: string | null; is_assigned: boolean }[];
  group_assignments: { group: number }[];
  conflicts: unknown[];
  live_from: string | null;
  committed_at: string | null;
};

export type Viewer = {
  id: number;
  groupIds: number[];
  /** Holds the key that approves and rejects (APPROVE_CHANGE_REQUEST or the project-level one). */
  canApproveKey: boolean;
  /** Holds the key that commits (UPDATE_FEATURE_STATE or MANAGE_PROJECT_LEVEL_CHANGE_REQUESTS). */
  canCommitKey: boolean;
};

export type Verdict = { allowed: true } | { allowed: false; reason: string };
const no = (reason: string): Verdict => ({ allowed: false, reason });
const yes: Verdict = { allowed: true };

const hasAssignees = (cr: ReviewedRequest) =>
  cr.approvals.some((a) => a.is_assigned) || cr.group_assignments.length > 0;

/** Assigned to the viewer, by name or through one of their groups. */
export function isAssignedTo(cr: ReviewedRequest, viewer: Pick<Viewer, "id" | "groupIds">): boolean {
  return (
    cr.approvals.some((a) => a.is_assigned && a.user === viewer.id) ||
    cr.group_assignments.some((g) => viewer.groupIds.includes(g.group))
  );
}

export const hasApproved = (cr: ReviewedRequest, viewerId: number) =>
  cr.approvals.some((a) => a.user === viewerId && a.approved_at !== null);

function reviewVerdict(cr: ReviewedRequest, viewer: Viewer): Verdict {
  if (cr.is_committed) return no("This request is committed already.");
  if (cr.user === viewer.id) return no("You wrote this request: another person must review it.");
  if (!viewer.canApproveKey) return no("You lack the permission to approve change requests here.");
  if (hasAssignees(cr) && !isAssignedTo(cr, viewer))
    return no("Only the assigned reviewers (and members of the assigned groups) may review it.");
  return yes;
}

export function approveVerdict(cr: ReviewedRequest, viewer: Viewer): Verdict {
  const review = reviewVerdict(cr, viewer);
  if (!review.allowed) return review;
  if (hasApproved(cr, viewer.id)) return no("You approved this request.");
  return yes;
}

export const rejectVerdict = reviewVerdict;

export function approvalsMissing(cr: ReviewedRequest): number {
  const given = cr.approvals.filter((a) => a.approved_at !== null).length;
  return Math.max(0, (cr.minimum_approvals ?? 0) - given);
}

/** `ignoreConflicts`: the viewer ticked "Ignore conflicts" for this commit. */
export function commitVerdict(cr: ReviewedRequest, viewer: Viewer, ignoreConflicts = false): Verdict {
  if (cr.is_committed) return no("This request is committed already.");
  if (!viewer.canCommitKey) return no("You lack the permission to publish these changes here.");
  if (cr.is_rejected)
    return no("A reviewer rejected this request: it must be edited before it can be committed.");
  if (!cr.is_approved) {
    const missing = approvalsMissing(cr);
    return no(`It needs ${missing} more approval${missing === 1 ? "" : "s"} before it can be committed.`);
  }
  if (cr.conflicts.length > 0 && !cr.ignore_conflicts && !ignoreConflicts)
    return no(
      "The live state changed since this request was written: tick Ignore conflicts to commit anyway.",
    );
  return yes;
}

export type RequestStatus = "open" | "scheduled" | "committed";

/** Open (not committed), scheduled (committed, going live later) or committed (live). */
export function statusOf(
  cr: Pick<ReviewedRequest, "committed_at" | "live_from">,
  now = new Date(),
): RequestStatus {
  if (!cr.committed_at) return "open";
  if (cr.live_from && new Date(cr.live_from) > now) return "scheduled";
  return "committed";
}

/** Waiting for the viewer: open, not theirs, assigned to them (or a group of theirs), not yet approved by them. */
export function isWaitingFor(cr: ReviewedRequest, viewer: Pick<Viewer, "id" | "groupIds">): boolean {
  return !cr.is_committed && cr.user !== viewer.id && isAssignedTo(cr, viewer) && !hasApproved(cr, viewer.id);
}
