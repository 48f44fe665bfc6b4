// Reviewing a change request (both kinds): approve, reject with a comment, and comments.
// The author cannot approve or reject their own request; when reviewers or groups are
// assigned, only they (and the groups' members) may approve or reject.
import { BadRequestError, PermissionDeniedError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { notifyAuthor } from "./notify";
import { auditChangeRequest } from "./records";
import type { TChangeRequestComment } from "./schemas";
import { loadChangeRequest, type LoadedChangeRequest } from "./store";

export const OWN_APPROVAL = "You cannot approve your own change request.";
export const OWN_REJECTION = "You cannot reject your own change request; delete it instead.";
export const NOT_ASSIGNED = "Only the reviewers assigned to this change request may review it.";
export const COMMITTED_REVIEW = "This change request is committed already.";

async function assertMayReview(cr: LoadedChangeRequest, userId: number, own: string) {
  if (cr.committedAt) throw new BadRequestError(COMMITTED_REVIEW);
  if (cr.authorId === userId) throw new BadRequestError(own);
  const assigned = cr.approvals.filter((a) => a.assigned);
  if (assigned.length === 0 && cr.groupAssignments.length === 0) return;
  if (assigned.some((a) => a.userId === userId)) return;
  const member = await db.userPermissionGroupMember.findFirst({
    where: { userId, groupId: { in: cr.groupAssignments.map((g) => g.groupId) } },
    select: { id: true },
  });
  if (!member) throw new PermissionDeniedError(NOT_ASSIGNED);
}

/** Approves (again harmlessly); answers the reloaded request. */
export async function approveChangeRequest(cr: LoadedChangeRequest, userId: number) {
  await assertMayReview(cr, userId, OWN_APPROVAL);
  const approvedNow = await db.$transaction(async (tx) => {
    const existing = await tx.changeRequestApproval.findUnique({
      where: { changeRequestId_userId: { changeRequestId: cr.id, userId } },
    });
    if (existing?.approvedAt) return false;
    await tx.changeRequestApproval.upsert({
      where: { changeRequestId_userId: { changeRequestId: cr.id, userId } },
      create: { changeRequestId: cr.id, userId, approvedAt: new Date() },
      update: { approvedAt: new Date() },
    });
    await auditChangeRequest(tx, cr, "approved");
    return true;
  });
  if (approvedNow) notifyAuthor(cr.id, "approved", userId);
}

/** Rejects with a comment: the request cannot be committed until it is edited. */
export async function rejectChangeRequest(
  cr: LoadedChangeRequest,
  userId: number,
  input: TChangeRequestComment,
) {
  await assertMayReview(cr, userId, OWN_REJECTION);
  await db.$transaction(async (tx) => {
    await tx.changeRequest.update({
      where: { id: cr.id },
      data: { rejectedAt: new Date(), rejectedById: userId },
    });
    // A reviewer who rejects no longer approves.
    await tx.changeRequestApproval.updateMany({
      where: { changeRequestId: cr.id, userId },
      data: { approvedAt: null },
    });
    await tx.changeRequestComment.create({
      data: { changeRequestId: cr.id, authorId: userId, text: input.comment, isRejection: true },
    });
    await auditChangeRequest(tx, cr, "rejected");
  });
  notifyAuthor(cr.id, "rejected", userId, input.comment);
}

type CommentRow = {
  id: number;
  authorId: number | null;
  text: string;
  isRejection: boolean;
  createdAt: Date;
};

const serializeComment = (c: CommentRow) => ({
  id: c.id,
  user: c.authorId,
  comment: c.text,
  is_rejection: c.isRejection,
  created_at: c.createdAt.toISOString(),
});

export async function listComments(cr: LoadedChangeRequest) {
  const rows = await db.changeRequestComment.findMany({
    where: { changeRequestId: cr.id },
    orderBy: { id: "asc" },
    take: 1000,
  });
  return rows.map(serializeComment);
}

export const MAX_COMMENTS = 1000;

export async function addComment(cr: LoadedChangeRequest, userId: number, input: TChangeRequestComment) {
  const count = await db.changeRequestComment.count({ where: { changeRequestId: cr.id } });
  if (count >= MAX_COMMENTS)
    throw new BadRequestError(`A change request takes at most ${MAX_COMMENTS} comments.`);
  const row = await db.changeRequestComment.create({
    data: { changeRequestId: cr.id, authorId: userId, text: input.comment },
  });
  return serializeComment(row);
}

export async function reload(id: number) {
  return (await loadChangeRequest(db, id)) as LoadedChangeRequest;
}
