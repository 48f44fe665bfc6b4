import { z } from "zod";
import { zBool, zDateTime, zInt, zText } from "@/lib/api/response-schemas";

const ZInviter = z
  .strictObject({
    id: zInt("Numeric id of the user."),
    email: zText("Email of the user."),
    first_name: zText("First name."),
    last_name: zText("Last name."),
  })
  .nullable()
  .meta({ description: "Who made the invitation; null if that account is gone." });

const inviteFields = {
  id: zInt("Numeric id of the invitation."),
  email: zText("The invited email (lower case)."),
  role: z.enum(["ADMIN", "USER"]).meta({ description: "The role the invited person gets." }),
  date_created: zDateTime("When the invitation was made."),
  expires_at: zDateTime("When the invitation's link stops working."),
  is_expired: zBool("Whether the link has stopped working (resend makes a new one)."),
  invited_by: ZInviter,
  permission_groups: z.array(z.int()).meta({ description: "Always empty (Flagsmith compatibility)." }),
  email_status: z.enum(["NOT_CONFIGURED", "SENT", "FAILED"]).meta({
    description:
      "What became of the last email: NOT_CONFIGURED when no SMTP is set (copy the link instead), SENT, or FAILED.",
  }),
};

export const ZInvite = z
  .strictObject(inviteFields)
  .meta({ id: "Invite", description: "A pending invitation by email (its link is not shown again)." });

export const ZInviteList = z.array(ZInvite).meta({ description: "The pending invitations, oldest first." });

export const ZInviteWithLink = z
  .strictObject({
    ...inviteFields,
    hash: zText("The secret of the invitation's link; only this answer holds it."),
    invite_url: zText("The link to send to the invited person: the dashboard's join page."),
  })
  .meta({
    id: "InviteWithLink",
    description: "An invitation with its link, answered only when the link is made.",
  });

export const ZInviteWithLinkList = z
  .array(ZInviteWithLink)
  .meta({ description: "The invitations made, in the order given." });

export const ZInviteLink = z
  .strictObject({
    id: zInt("Numeric id of the invite link."),
    hash: zText("The link's hash."),
    date_created: zDateTime("When the link was made."),
    role: z.enum(["ADMIN", "USER"]).meta({ description: "The role people joining through it get." }),
    expires_at: z.iso
      .datetime()
      .nullable()
      .meta({ description: "When the link stops working; null if it does not expire." }),
    is_expired: zBool("Whether the link has stopped working."),
    invite_url: zText("The link to share: the dashboard's join page."),
  })
  .meta({ id: "InviteLink", description: "A shareable link to join an organisation." });

export const ZInviteLinkList = z.array(ZInviteLink).meta({ description: "The invite links, oldest first." });
