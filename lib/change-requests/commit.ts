// Committing a change request (both kinds), exactly once: the transaction whose conditional
// update sets committed_at on a row where it is still null writes the change; any other
// commit, on this instance or another, finds no such row and answers 409. Approvals must
// have reached the minimum and conflicts block unless ignored; an organisation admin may
// break glass (`bypass` with a reason), which the audit log records loudly.
import { BadRequestError, ConflictError, PermissionDeniedError } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/db/revision";
import { stateScope } from "@/lib/feature-states/scope";
import { getMembershipRole } from "@/lib/organisations/access";
import { applySegmentRules } from "@/lib/segments/versions";
import type { TRuleInput } from "@/lib/segments/schemas";
import { applyProposals } from "./apply";
import { notifyAuthor } from "./notify";
import { auditChangeRequest } from "./records";
import type { TChangeRequestCommit } from "./schemas";
import {
  approvalCount,
  findConflicts,
  isApproved,
  minimumApprovals,
  proposalsOf,
  segmentsOf,
  type LoadedChangeRequest,
} from "./store";

export const ALREADY_COMMITTED = "This change request has been committed already.";
export const REJECTED = "This change request was rejected; edit it before committing.";
export const BYPASS_ADMINS_ONLY = "Only organisation admins may commit without the approvals.";

async function checkCommit(cr: LoadedChangeRequest, userId: number, input: TChangeRequestCommit) {
  if (cr.committedAt) throw new ConflictError(ALREADY_COMMITTED);
  if (input.bypass) {
    if ((await getMembershipRole(userId, cr.project.organisationId)) !== "ADMIN") {
      throw new PermissionDeniedError(BYPASS_ADMINS_ONLY);
    }
  } else {
    if (cr.rejectedAt) throw new BadRequestError(REJECTED);
    if (!isApproved(cr)) {
      throw new BadRequestError(
        `This change request needs ${minimumApprovals(cr)} approval(s); it has ${approvalCount(cr)}.`,
      );
    }
  }
  const conflicts = await findConflicts(db, cr);
  if (conflicts.length && !(input.ignore_conflicts ?? cr.ignoreConflicts)) {
    // Flagsmith's error shape (a message and a code); the conflicts themselves are on the
    // request's own answer (`conflicts`), which the reviewer reads before committing.
    throw new ConflictError({
      detail:
        "The live state changed since this change request was written; commit with ignore_conflicts to overwrite it.",
      code: "change_request_conflicts",
    });
  }
}

async function claim(tx: Tx, cr: LoadedChangeRequest, userId: number) {
  const { count } = await tx.changeRequest.updateMany({
    where: { id: cr.id, committedAt: null },
    data: { committedAt: new Date(), committedById: userId },
  });
  if (count === 0) throw new ConflictError(ALREADY_COMMITTED);
}

async function auditCommit(tx: Tx, cr: LoadedChangeRequest, userId: number, input: TChangeRequestCommit) {
  if (input.bypass) {
    const who = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
    await auditChangeRequest(tx, cr, "committed", {
      note: `WITHOUT APPROVALS (break-glass by ${who?.email ?? `user ${userId}`}, ${approvalCount(cr)} of ${minimumApprovals(cr) ?? 0} approvals): ${input.reason}`,
    });
  } else {
    await auditChangeRequest(tx, cr, "committed");
  }
}

/** Schedules the request's states to go live at `live_from` (one scheduled change per feature). */
async function schedule(tx: Tx, cr: LoadedChangeRequest, environmentId: number, userId: number) {
  const features = [...new Set(proposalsOf(cr).map((p) => p.feature))];
  for (const featureId of features) {
    const state = await tx.featureState.findUniqueOrThrow({
      where: { featureId_environmentId_scope: { featureId, environmentId, scope: stateScope({}) } },
      select: { id: true },
    });
    await tx.scheduledChange.create({
      data: {
        featureStateId: state.id,
        runAt: cr.liveFrom as Date,
        authorId: userId,
        changeRequestId: cr.id,
      },
    });
  }
}

export async function commitEnvironmentRequest(
  cr: LoadedChangeRequest,
  userId: number,
  input: TChangeRequestCommit,
) {
  await checkCommit(cr, userId, input);
  const environmentId = cr.environmentId as number;
  await db.$transaction(async (tx) => {
    await claim(tx, cr, userId);
    if (cr.liveFrom && cr.liveFrom.getTime() > Date.now()) await schedule(tx, cr, environmentId, userId);
    else await applyProposals(tx, environmentId, proposalsOf(cr));
    await auditCommit(tx, cr, userId, input);
  });
  notifyAuthor(cr.id, "committed", userId);
}

/** Replaces each proposed segment's rules (and name, description) in one transaction. */
export async function commitProjectRequest(
  cr: LoadedChangeRequest,
  userId: number,
  input: TChangeRequestCommit,
) {
  await checkCommit(cr, userId, input);
  await db.$transaction(async (tx) => {
    await claim(tx, cr, userId);
    for (const proposed of segmentsOf(cr)) {
      const segment = await tx.segment.findFirst({ where: { id: proposed.id, projectId: cr.projectId } });
      if (!segment) throw new BadRequestError(`Segment ${proposed.id} no longer exists.`);
      // The rules replaced are kept as a segment version (restorable), as any segment edit's.
      await applySegmentRules(tx, {
        segmentId: segment.id,
        rules: proposed.rules as TRuleInput[],
        authorId: userId,
        reason: "CHANGE_REQUEST",
        log: `Segment updated by change request #${cr.id}: ${proposed.name}`,
        fields: { name: proposed.name, description: proposed.description ?? null },
        // The one writer allowed past the project's change request gate.
        bypassChangeRequests: true,
      });
    }
    await touchEnvironments({ projectId: cr.projectId }, tx);
    await auditCommit(tx, cr, userId, input);
  });
  notifyAuthor(cr.id, "committed", userId);
}
