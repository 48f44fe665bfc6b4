// Shareable invite links: anyone holding one joins the organisation with its role until it
// expires or is deleted. As in Flagsmith the link's hash is listed to the organisation's
// admins (they hand it out, so it is not a secret from them); members with MANAGE_USERS see
// and manage the USER-role links only (./access.ts).
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db/client";
import { assertQuota } from "@/lib/limits/quotas";
import { requireInviter, requireInviterFor } from "./access";
import type { TInviteLinkCreate } from "./schemas";
import { generateInviteToken, inviteLinkPath, siteOrigin } from "./urls";
import type { z } from "zod";
import type { ZInviteLink } from "@/lib/invitations/responses";

type Scope = { userId: number; organisationId: number };
type LinkRow = { id: number; hash: string; role: string; dateCreated: Date; expiresAt: Date | null };

export function serializeInviteLink(row: LinkRow, origin: string): z.infer<typeof ZInviteLink> {
  return {
    id: row.id,
    hash: row.hash,
    date_created: row.dateCreated.toISOString(),
    role: row.role as z.infer<typeof ZInviteLink>["role"],
    expires_at: row.expiresAt?.toISOString() ?? null,
    is_expired: row.expiresAt !== null && row.expiresAt.getTime() <= Date.now(),
    invite_url: `${origin}${inviteLinkPath(row.hash)}`,
  };
}

const auditFields = (row: LinkRow) => ({ role: row.role, expires_at: row.expiresAt?.toISOString() ?? null });

export async function listInviteLinks(scope: Scope, request: Request) {
  const { admin } = await requireInviter(scope);
  const rows = await db.inviteLink.findMany({
    where: { organisationId: scope.organisationId, ...(admin ? {} : { role: "USER" }) },
    orderBy: { id: "asc" },
  });
  const origin = siteOrigin(request);
  return rows.map((row) => serializeInviteLink(row, origin));
}

export async function createInviteLink(scope: Scope, input: TInviteLinkCreate, request: Request) {
  await requireInviterFor(scope, [input.role]);
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw ValidationError.field("expires_at", "The expiry must be in the future.");
  }
  const row = await db.$transaction(async (tx) => {
    await assertQuota(tx, "inviteLinks", scope.organisationId);
    const created = await tx.inviteLink.create({
      data: {
        organisationId: scope.organisationId,
        hash: generateInviteToken(),
        role: input.role,
        expiresAt,
      },
    });
    await recordAudit(tx, {
      type: "INVITE_LINK",
      after: auditFields(created),
      log: `Invite link created for the ${created.role} role`,
      object: created,
      scope: { organisationId: scope.organisationId },
    });
    return created;
  });
  return serializeInviteLink(row, siteOrigin(request));
}

export async function deleteInviteLink(scope: Scope, inviteLinkId: number) {
  await requireInviter(scope);
  const before = await db.inviteLink.findFirst({
    where: { id: inviteLinkId, organisationId: scope.organisationId },
  });
  if (!before) throw new NotFoundError();
  await requireInviterFor(scope, [before.role]);
  await db.$transaction(async (tx) => {
    await recordAudit(tx, {
      type: "INVITE_LINK",
      before: auditFields(before),
      log: `Invite link for the ${before.role} role deleted`,
      object: before,
      scope: { organisationId: scope.organisationId },
    });
    await tx.inviteLink.delete({ where: { id: before.id } });
  });
}
