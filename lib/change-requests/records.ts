// Writes shared by environment and project change requests: their audit entries (which also
// reach the organisation's audit webhooks), reviewer assignments, and dropping approvals.
import { ValidationError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";

export type ChangeRequestEvent = "created" | "approved" | "rejected" | "committed" | "deleted" | "updated";

type Row = {
  id: number;
  uuid: string;
  title: string;
  projectId: number;
  environmentId: number | null;
  committedAt?: Date | null;
};

/** `Change Request: <title> <event>`, the wording of Flagsmith's audit log. */
export async function auditChangeRequest(
  tx: Tx,
  cr: Row,
  event: ChangeRequestEvent,
  options: { note?: string; newTitle?: string } = {},
) {
  const state = { title: cr.title, committed_at: cr.committedAt?.toISOString() ?? null };
  const { note, newTitle } = options;
  await recordAudit(tx, {
    type: "CHANGE_REQUEST",
    before: event === "created" ? null : state,
    after: event === "deleted" ? null : { ...state, title: newTitle ?? cr.title, event },
    log: `Change Request: ${newTitle ?? cr.title} ${event}${note ? ` ${note}` : ""}`,
    object: { id: cr.id, uuid: cr.uuid },
    scope: { environmentId: cr.environmentId, projectId: cr.projectId },
  });
}

export type Assignments = { approvals?: { user: number }[]; group_assignments?: { group: number }[] };

/**
 * Replaces the assigned reviewers and groups (when given). Reviewers must be members of the
 * organisation and groups its groups. Approvals already given stay.
 */
export async function writeAssignments(
  tx: Tx,
  changeRequestId: number,
  organisationId: number,
  input: Assignments,
): Promise<void> {
  if (input.approvals !== undefined) {
    const userIds = [...new Set(input.approvals.map((a) => a.user))];
    const members = await tx.organisationUser.findMany({
      where: { organisationId, userId: { in: userIds }, user: { isApiKey: false } },
      select: { userId: true },
    });
    const found = new Set(members.map((m) => m.userId));
    const missing = userIds.filter((id) => !found.has(id));
    if (missing.length) {
      throw ValidationError.field(
        "approvals",
        `User ${missing.join(", ")} is not a member of the organisation.`,
      );
    }
    await tx.changeRequestApproval.deleteMany({
      where: { changeRequestId, approvedAt: null, userId: { notIn: userIds } },
    });
    await tx.changeRequestApproval.updateMany({
      where: { changeRequestId, userId: { notIn: userIds } },
      data: { assigned: false },
    });
    for (const userId of userIds) {
      await tx.changeRequestApproval.upsert({
        where: { changeRequestId_userId: { changeRequestId, userId } },
        create: { changeRequestId, userId, assigned: true },
        update: { assigned: true },
      });
    }
  }
  if (input.group_assignments !== undefined) {
    const groupIds = [...new Set(input.group_assignments.map((g) => g.group))];
    const groups = await tx.userPermissionGroup.findMany({
      where: { organisationId, id: { in: groupIds } },
      select: { id: true },
    });
    const found = new Set(groups.map((g) => g.id));
    const missing = groupIds.filter((id) => !found.has(id));
    if (missing.length) {
      throw ValidationError.field(
        "group_assignments",
        `Group ${missing.join(", ")} does not exist in the organisation.`,
      );
    }
    await tx.changeRequestGroupAssignment.deleteMany({ where: { changeRequestId } });
    if (groupIds.length) {
      await tx.changeRequestGroupAssignment.createMany({
        data: groupIds.map((groupId) => ({ changeRequestId, groupId })),
      });
    }
  }
}

/** An edit of what the request would do: approvals and a rejection no longer hold. */
export async function dropApprovals(tx: Tx, changeRequestId: number): Promise<void> {
  await tx.changeRequestApproval.deleteMany({ where: { changeRequestId, assigned: false } });
  await tx.changeRequestApproval.updateMany({ where: { changeRequestId }, data: { approvedAt: null } });
  await tx.changeRequest.update({
    where: { id: changeRequestId },
    data: { rejectedAt: null, rejectedById: null, proposedAt: new Date() },
  });
}
