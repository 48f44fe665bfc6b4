// Inputs of the invitation endpoints: Flagsmith's MultiInvitesSerializer (invites by email,
// or the legacy list of emails) and InviteLinkSerializer (role and optional expiry).
import { z } from "zod";
import { pathParams, zId } from "@/lib/api/params";

/** At most this many invitations in one request. */
export const MAX_INVITES_PER_REQUEST = 50;

export const zRole = z.enum(["ADMIN", "USER"]).describe("The role in the organisation: ADMIN or USER.");

const zInviteEmail = z.email({ error: "Enter a valid email address." }).max(254);

export const ZInviteCreate = z
  .object({
    invites: z
      .array(
        z.object({
          email: zInviteEmail.describe("Email of the person to invite."),
          role: zRole.optional().default("USER"),
          permission_groups: z
            .array(z.int())
            .max(0, { error: "Permission groups are not supported yet." })
            .nullish()
            .describe("Accepted for Flagsmith compatibility; must be empty."),
        }),
      )
      .max(MAX_INVITES_PER_REQUEST)
      .optional()
      .describe("The people to invite, each with a role."),
    emails: z
      .array(zInviteEmail)
      .max(MAX_INVITES_PER_REQUEST)
      .optional()
      .describe("Legacy form: emails invited with the USER role."),
  })
  .superRefine((value, ctx) => {
    const count = (value.invites?.length ?? 0) + (value.emails?.length ?? 0);
    if (count === 0)
      ctx.addIssue({ code: "custom", path: ["invites"], message: "Invite at least one email." });
    if (count > MAX_INVITES_PER_REQUEST) {
      ctx.addIssue({
        code: "custom",
        path: ["invites"],
        message: `At most ${MAX_INVITES_PER_REQUEST} invitations in one request.`,
      });
    }
  });
export type TInviteCreate = z.infer<typeof ZInviteCreate>;

/** POST /organisations/{id}/invites/: one invitation (Flagsmith's InviteSerializer). */
export const ZInviteCreateOne = z.object({
  email: zInviteEmail.describe("Email of the person to invite."),
  role: zRole.optional().default("USER"),
  permission_groups: z
    .array(z.int())
    .max(0, { error: "Permission groups are not supported yet." })
    .nullish()
    .describe("Accepted for Flagsmith compatibility; must be empty."),
});
export type TInviteCreateOne = z.infer<typeof ZInviteCreateOne>;

export const ZInviteLinkCreate = z.object({
  role: zRole.optional().default("USER"),
  expires_at: z.iso
    .datetime({ offset: true })
    .nullish()
    .describe("When the link stops working; null or left out for a link that does not expire."),
});
export type TInviteLinkCreate = z.infer<typeof ZInviteLinkCreate>;

export const ZOrganisationInvitesParams = pathParams({ organisationId: zId });
export const ZOrganisationInviteParams = pathParams({ organisationId: zId, inviteId: zId });
export const ZOrganisationInviteLinkParams = pathParams({ organisationId: zId, inviteLinkId: zId });
export const ZJoinParams = pathParams({ hash: z.string().min(1).max(100) });
