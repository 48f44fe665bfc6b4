// POST /api/v1/organisations/{id}/invite/ — invite people by email (answers each invitation with its link)
import { withApi } from "@/lib/route/handler";
import { createInvites } from "@/lib/invitations/invitations";
import { ZInviteCreate, ZOrganisationInvitesParams } from "@/lib/invitations/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZInviteWithLinkList } from "@/lib/invitations/responses";

export const POST = withApi(
  {
    auth: "user",
    permission: { organisation: "MANAGE_USERS", of: (c) => c.params.organisationId },
    params: ZOrganisationInvitesParams,
    body: ZInviteCreate,
    status: 201,
    openapi: {
      operationId: "inviteToOrganisation",
      summary: "Invite people by email",
      description:
        "Makes one invitation per email, all or none (at most 50 in one request; an organisation holds at most ENSIGN_MAX_PENDING_INVITES_PER_ORGANISATION pending ones). Each answer holds the invitation's link, shown only here and on resend; it is emailed when SMTP is configured (ENSIGN_SMTP_URL). An invitation works for ENSIGN_INVITE_EXPIRY_DAYS days (7).",
      tag: "Invitations",
      responses: {
        201: ok("The invitations, each with its link.", ZInviteWithLinkList),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params, body, request }) =>
    createInvites({ userId: user.id, organisationId: params.organisationId }, body, request),
);
