// Joining an organisation through an invitation: by the link of an email invitation (the
// signed-in account must have the invited email; the invitation is then used up), by a
// shareable invite link (any account, the link stays), at sign-up (lib/auth/users.ts), and
// for a verified email at single sign-on (acceptInvitationsForEmail). An unknown or revoked
// link answers 404 and an expired one 400, and neither says anything about the organisation.
import { BadRequestError, NotFoundError, ValidationError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record";
import { runAsActor } from "@/lib/audit/context";
import { db, type Tx } from "@/lib/db/client";
import { serializeOrganisation } from "@/lib/organisations/organisations";
import type { Role } from "@/lib/organisations/access";
import { addUserToDefaultGroups } from "@/lib/permissions/default-groups";
import { hashInviteToken, normaliseInviteEmail } from "./urls";

const EXPIRED = "Invite has expired";
const WRONG_EMAIL = "Registered email does not match invited email";

type InviteRow = { id: number; organisationId: number; email: string; role: string; expiresAt: Date };
type LinkRow = { id: number; organisationId: number; role: string; expiresAt: Date | null };

export type SignUpInvite = { kind: "email"; row: InviteRow } | { kind: "link"; row: LinkRow };

const isExpired = (expiresAt: Date | null) => expiresAt !== null && expiresAt.getTime() <= Date.now();

/**
 * Adds the member with the invitation's role, and to the organisation's default groups; an
 * existing member keeps the role they have.
 */
async function addMember(tx: Tx, organisationId: number, userId: number, role: string) {
  const existing = await tx.organisationUser.findUnique({
    where: { organisationId_userId: { organisationId, userId } },
  });
  if (existing) return existing.role as Role;
  await tx.organisationUser.create({ data: { organisationId, userId, role } });
  await addUserToDefaultGroups(tx, organisationId, userId);
  return role as Role;
}

async function joinWithEmailInvite(tx: Tx, userId: number, email: string, invite: InviteRow) {
  const role = await addMember(tx, invite.organisationId, userId, invite.role);
  await recordAudit(tx, {
    type: "INVITE",
    before: { email: invite.email, role: invite.role, expires_at: invite.expiresAt.toISOString() },
    log: `Invitation accepted: ${email} joined as ${role}`,
    object: invite,
    scope: { organisationId: invite.organisationId },
  });
  await tx.invite.delete({ where: { id: invite.id } });
  return role;
}

async function joinWithLink(tx: Tx, userId: number, email: string, link: LinkRow) {
  const role = await addMember(tx, link.organisationId, userId, link.role);
  await recordAudit(tx, {
    type: "INVITE_LINK",
    before: { used_by: null },
    after: { used_by: email },
    log: `Invite link used: ${email} joined as ${role}`,
    object: link,
    scope: { organisationId: link.organisationId },
  });
  return role;
}

async function organisationAnswer(organisationId: number, role: Role) {
  const organisation = await db.organisation.findUniqueOrThrow({ where: { id: organisationId } });
  return serializeOrganisation(organisation, role);
}

/** POST /users/join/{hash}/ */
export async function joinFromEmailInvite(user: { id: number; email: string }, token: string) {
  const invite = await db.invite.findUnique({ where: { tokenHash: hashInviteToken(token) } });
  if (!invite) throw new NotFoundError();
  if (isExpired(invite.expiresAt)) throw new BadRequestError(EXPIRED);
  if (normaliseInviteEmail(user.email) !== invite.email) throw new BadRequestError(WRONG_EMAIL);
  const role = await db.$transaction(async (tx) => {
    // Used up by a concurrent request in the meantime: as if it had never existed.
    if (!(await tx.invite.findUnique({ where: { id: invite.id } }))) throw new NotFoundError();
    return joinWithEmailInvite(tx, user.id, user.email, invite);
  });
  return organisationAnswer(invite.organisationId, role);
}

/** POST /users/join/link/{hash}/ */
export async function joinFromInviteLink(user: { id: number; email: string }, hash: string) {
  const link = await db.inviteLink.findUnique({ where: { hash } });
  if (!link) throw new NotFoundError();
  if (isExpired(link.expiresAt)) throw new BadRequestError(EXPIRED);
  const role = await db.$transaction((tx) => joinWithLink(tx, user.id, user.email, link));
  return organisationAnswer(link.organisationId, role);
}

const INVALID_INVITE = "This invitation is not valid or has expired.";

/**
 * The invitation a sign-up presents (Flagsmith's `invite_hash`, with `sign_up_type`
 * INVITE_EMAIL or INVITE_LINK; without a type both kinds are tried). Throws a 400 when it is
 * unknown, expired, or an email invitation for another address.
 */
export async function signUpInvite(
  hash: string,
  email: string,
  signUpType: "INVITE_EMAIL" | "INVITE_LINK" | undefined,
): Promise<SignUpInvite> {
  if (signUpType !== "INVITE_LINK") {
    const row = await db.invite.findUnique({ where: { tokenHash: hashInviteToken(hash) } });
    if (row && !isExpired(row.expiresAt)) {
      if (row.email !== normaliseInviteEmail(email)) {
        throw ValidationError.field("email", "Sign up with the email address the invitation was sent to.");
      }
      return { kind: "email", row };
    }
  }
  if (signUpType !== "INVITE_EMAIL") {
    const row = await db.inviteLink.findUnique({ where: { hash } });
    if (row && !isExpired(row.expiresAt)) return { kind: "link", row };
  }
  throw ValidationError.field("invite_hash", INVALID_INVITE);
}

/** Joins a just-created account through its sign-up invitation, in the sign-up's transaction. */
export async function joinAtSignUp(tx: Tx, user: { id: number; email: string }, invite: SignUpInvite) {
  return runAsActor({ userId: user.id }, async () => {
    if (invite.kind === "link") return joinWithLink(tx, user.id, user.email, invite.row);
    // An email invitation used up by a concurrent request is not joined twice.
    if (!(await tx.invite.findUnique({ where: { id: invite.row.id } }))) {
      throw ValidationError.field("invite_hash", INVALID_INVITE);
    }
    return joinWithEmailInvite(tx, user.id, user.email, invite.row);
  }).then(() => invite.row.organisationId);
}

/**
 * For sign-in with a verified email (OIDC): joins every organisation with an unexpired email
 * invitation for that address, each invitation used up. Answers the organisations joined.
 * The caller must have verified that the account owns `email`.
 */
/** Whether an unexpired email invitation waits for this address (single sign-on lets it in). */
export async function hasPendingInvitation(email: string): Promise<boolean> {
  const address = normaliseInviteEmail(email);
  return (await db.invite.count({ where: { email: address, expiresAt: { gt: new Date() } } })) > 0;
}

export async function acceptInvitationsForEmail(userId: number, email: string): Promise<number[]> {
  const address = normaliseInviteEmail(email);
  const invites = await db.invite.findMany({ where: { email: address, expiresAt: { gt: new Date() } } });
  const joined: number[] = [];
  for (const invite of invites) {
    await runAsActor({ userId }, () =>
      db.$transaction(async (tx) => {
        if (!(await tx.invite.findUnique({ where: { id: invite.id } }))) return;
        await joinWithEmailInvite(tx, userId, address, invite);
        joined.push(invite.organisationId);
      }),
    );
  }
  return joined;
}
