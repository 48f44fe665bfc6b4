// POST /api/v1/organisations/{id}/invites/{id}/resend/ — a new link for the invitation, emailed if SMTP is set
import { withApi } from "@/lib/route/handler";
import { resendInvite } from "@/lib/invitations/invitations";
import { ZOrganisationInviteParams } from "@/lib/invitations/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZInviteWithLink } from "@/lib/invitations/responses";

export const POST = withApi(
  {
    auth: "user",
    permission: { organisation: "MANAGE_USERS", of: (c) => c.params.organisationId },
    params: ZOrganisationInviteParams,
    openapi: {
      operationId: "resendOrganisationInvite",
      summary: "Resend an invitation",
      description:
        "Makes a new link (the previous one stops working), valid for a full period again, and emails it when SMTP is configured.",
      tag: "Invitations",
      responses: {
        200: ok("The invitation with its new link.", ZInviteWithLink),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation or the invitation"),
      },
    },
  },
  ({ user, params, request }) =>
    resendInvite({ userId: user.id, organisationId: params.organisationId }, params.inviteId, request),
);
