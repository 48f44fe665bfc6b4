// Emails about change requests, sent after the change commits and never failing a request:
// to the assigned reviewers (users and members of assigned groups) when a request is
// created, and to its author when it is approved, rejected or committed by someone else.
import { db } from "@/lib/db/client";
import { sendNotificationEmail } from "@/lib/invitations/email";

export type AuthorEvent = "approved" | "rejected" | "committed";

async function describe(changeRequestId: number) {
  return db.changeRequest.findUnique({
    where: { id: changeRequestId },
    select: {
      id: true,
      title: true,
      authorId: true,
      environment: { select: { name: true } },
      project: { select: { name: true } },
      approvals: { where: { assigned: true }, select: { userId: true } },
      groupAssignments: { select: { group: { select: { members: { select: { userId: true } } } } } },
    },
  });
}

const where = (cr: NonNullable<Awaited<ReturnType<typeof describe>>>) =>
  cr.environment
    ? `environment "${cr.environment.name}" of project "${cr.project.name}"`
    : `project "${cr.project.name}"`;

async function emailsOf(userIds: number[]) {
  const users = await db.user.findMany({
    where: { id: { in: userIds }, isApiKey: false },
    select: { email: true },
  });
  return users.map((u) => u.email);
}

async function send(to: string[], subject: string, text: string) {
  await Promise.all(to.map((address) => sendNotificationEmail({ to: address, subject, text })));
}

/** Started without waiting: the answer does not wait for the mail server. */
function inBackground(work: () => Promise<void>) {
  work().catch((error) => console.error("change request email failed:", error));
}

export function notifyAssignees(changeRequestId: number) {
  inBackground(async () => {
    const cr = await describe(changeRequestId);
    if (!cr) return;
    const ids = new Set([
      ...cr.approvals.map((a) => a.userId),
      ...cr.groupAssignments.flatMap((g) => g.group.members.map((m) => m.userId)),
    ]);
    if (cr.authorId !== null) ids.delete(cr.authorId);
    const to = await emailsOf([...ids]);
    await send(
      to,
      `Ensign change request: ${cr.title} (#${cr.id})`,
      `You are asked to review the change request "${cr.title}" (#${cr.id}) in ${where(cr)}.`,
    );
  });
}

export function notifyAuthor(
  changeRequestId: number,
  event: AuthorEvent,
  actorId: number | undefined,
  comment?: string,
) {
  inBackground(async () => {
    const cr = await describe(changeRequestId);
    if (!cr || cr.authorId === null || cr.authorId === actorId) return;
    const [actor] = actorId === undefined ? [] : await emailsOf([actorId]);
    const lines = [
      `Your change request "${cr.title}" (#${cr.id}) in ${where(cr)} was ${event}${actor ? ` by ${actor}` : ""}.`,
    ];
    if (comment) lines.push("", comment);
    await send(
      await emailsOf([cr.authorId]),
      `Ensign change request ${event}: ${cr.title} (#${cr.id})`,
      lines.join("\n"),
    );
  });
}
