// Invitations by email: an organisation admin (or MANAGE_USERS: ./access.ts) invites people with a role; each invitation
// holds a secret link (only its SHA-256 is stored), handed out when the invitation is made
// or resent, and emailed when SMTP is configured. Pending invitations can be listed,
// resent (a new link; the old one stops working) and revoked.
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db/client";
import { assertQuota } from "@/lib/limits/quotas";
import { requireInviter, requireInviterFor } from "./access";
import { sendInvitationEmail, type EmailStatus } from "./email";
import type { TInviteCreate, TInviteCreateOne } from "./schemas";
import {
  emailInvitePath,
  normaliseInviteEmail,
  generateInviteToken,
  hashInviteToken,
  siteOrigin,
} from "./urls";
import type { z } from "zod";
import type { ZInvite } from "@/lib/invitations/responses";

/** How long an emailed invitation works (ENSIGN_INVITE_EXPIRY_DAYS, default 7). */
export function inviteLifetimeMs(): number {
  const days = Number(process.env.ENSIGN_INVITE_EXPIRY_DAYS);
  return (Number.isFinite(days) && days > 0 ? days : 7) * 24 * 3600 * 1000;
}

type InviteRow = {
  id: number;
  organisationId: number;
  email: string;
  role: string;
  dateCreated: Date;
  expiresAt: Date;
  emailStatus: string;
  invitedBy: { id: number; email: string; firstName: string; lastName: string } | null;
};

const withInviter = {
  invitedBy: { select: { id: true, email: true, firstName: true, lastName: true } },
} as const;

export function serializeInvite(row: InviteRow): z.infer<typeof ZInvite> {
  return {
    id: row.id,
    email: row.email,
    role: row.role as z.infer<typeof ZInvite>["role"],
    date_created: row.dateCreated.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    is_expired: row.expiresAt.getTime() <= Date.now(),
    invited_by: row.invitedBy && {
      id: row.invitedBy.id,
      email: row.invitedBy.email,
      first_name: row.invitedBy.firstName,
      last_name: row.invitedBy.lastName,
    },
    permission_groups: [] as number[],
    email_status: row.emailStatus as EmailStatus,
  };
}

/** The invitation with its link, as answered only when the link is made. */
function withLink(row: InviteRow, token: string, origin: string) {
  return { ...serializeInvite(row), hash: token, invite_url: `${origin}${emailInvitePath(token)}` };
}

type Scope = { userId: number; organisationId: number };

/** The invitation; `acting` (resend, revoke) on an ADMIN-role one needs the admin role. */
async function requireInvite(scope: Scope, inviteId: number, acting = false) {
  await requireInviter(scope);
  const row = await db.invite.findFirst({
    where: { id: inviteId, organisationId: scope.organisationId },
    include: withInviter,
  });
  if (!row) throw new NotFoundError();
  if (acting) await requireInviterFor(scope, [row.role]);
  return row;
}

const auditFields = (row: { email: string; role: string; expiresAt: Date }) => ({
  email: row.email,
  role: row.role,
  expires_at: row.expiresAt.toISOString(),
});

async function emailFor(row: InviteRow, organisationName: string, url: string): Promise<EmailStatus> {
  const status = await sendInvitationEmail({
    to: row.email,
    organisationName,
    invitedBy: row.invitedBy,
    url,
    expiresAt: row.expiresAt,
  });
  if (status !== row.emailStatus) {
    await db.invite.updateMany({ where: { id: row.id }, data: { emailStatus: status } });
  }
  return status;
}

export async function listInvites(scope: Scope) {
  await requireInviter(scope);
  const rows = await db.invite.findMany({
    where: { organisationId: scope.organisationId },
    include: withInviter,
    orderBy: { id: "asc" },
  });
  return rows.map(serializeInvite);
}

export async function getInvite(scope: Scope, inviteId: number) {
  return serializeInvite(await requireInvite(scope, inviteId));
}

/** POST /organisations/{id}/invite/: one invitation per email, all or none. */
export async function createInvites(scope: Scope, input: TInviteCreate, request: Request) {
  const wanted = [
    ...(input.invites ?? []).map((i) => ({ email: normaliseInviteEmail(i.email), role: i.role })),
    ...(input.emails ?? []).map((email) => ({ email: normaliseInviteEmail(email), role: "USER" as const })),
  ];
  await requireInviterFor(
    scope,
    wanted.map((w) => w.role),
  );
  const seen = new Set<string>();
  for (const { email } of wanted) {
    if (seen.has(email)) throw ValidationError.field("email", `Email ${email} is invited twice.`);
    seen.add(email);
  }
  const origin = siteOrigin(request);
  const expiresAt = new Date(Date.now() + inviteLifetimeMs());
  const { created, organisationName } = await db.$transaction(async (tx) => {
    const organisation = await tx.organisation.findUniqueOrThrow({ where: { id: scope.organisationId } });
    await assertQuota(tx, "invites", scope.organisationId, wanted.length);
    const existing = await tx.invite.findMany({
      where: { organisationId: scope.organisationId, email: { in: [...seen] } },
      select: { email: true },
    });
    if (existing.length > 0) {
      throw ValidationError.field("email", `Invite for email ${existing[0].email} already exists.`);
    }
    const members = await tx.organisationUser.findMany({
      where: { organisationId: scope.organisationId, user: { email: { in: [...seen] } } },
      select: { user: { select: { email: true } } },
    });
    if (members.length > 0) {
      throw ValidationError.field(
        "email",
        `${members[0].user.email} is already a member of the organisation.`,
      );
    }
    const rows = [];
    for (const { email, role } of wanted) {
      const token = generateInviteToken();
      const row = await tx.invite.create({
        data: {
          organisationId: scope.organisationId,
          email,
          role,
          tokenHash: hashInviteToken(token),
          invitedById: scope.userId,
          expiresAt,
        },
        include: withInviter,
      });
      await recordAudit(tx, {
        type: "INVITE",
        after: auditFields(row),
        log: `Invitation created: ${email} as ${role}`,
        object: row,
        scope: { organisationId: scope.organisationId },
      });
      rows.push({ row, token });
    }
    return { created: rows, organisationName: organisation.name };
  });
  // After the commit: a slow or failing mail server leaves the invitations in place.
  return Promise.all(
    created.map(async ({ row, token }) => {
      const url = `${origin}${emailInvitePath(token)}`;
      const emailStatus = await emailFor(row, organisationName, url);
      return withLink({ ...row, emailStatus }, token, origin);
    }),
  );
}

/** POST /organisations/{id}/invites/: one invitation, answered with its link. */
export async function createInvite(scope: Scope, input: TInviteCreateOne, request: Request) {
  const [created] = await createInvites(scope, { invites: [input] }, request);
  return created;
}

/** A new link for the invitation (the old one stops working), valid for a full lifetime again. */
export async function resendInvite(scope: Scope, inviteId: number, request: Request) {
  const before = await requireInvite(scope, inviteId, true);
  const token = generateInviteToken();
  const origin = siteOrigin(request);
  const { after, organisationName } = await db.$transaction(async (tx) => {
    const row = await tx.invite.update({
      where: { id: before.id },
      data: { tokenHash: hashInviteToken(token), expiresAt: new Date(Date.now() + inviteLifetimeMs()) },
      include: { ...withInviter, organisation: { select: { name: true } } },
    });
    await recordAudit(tx, {
      type: "INVITE",
      before: auditFields(before),
      after: auditFields(row),
      log: `Invitation resent: ${row.email}`,
      object: row,
      scope: { organisationId: scope.organisationId },
    });
    return { after: row, organisationName: row.organisation.name };
  });
  const emailStatus = await emailFor(after, organisationName, `${origin}${emailInvitePath(token)}`);
  return withLink({ ...after, emailStatus }, token, origin);
}

export async function revokeInvite(scope: Scope, inviteId: number) {
  const before = await requireInvite(scope, inviteId, true);
  await db.$transaction(async (tx) => {
    await recordAudit(tx, {
      type: "INVITE",
      before: auditFields(before),
      log: `Invitation revoked: ${before.email}`,
      object: before,
      scope: { organisationId: scope.organisationId },
    });
    await tx.invite.delete({ where: { id: before.id } });
  });
}
