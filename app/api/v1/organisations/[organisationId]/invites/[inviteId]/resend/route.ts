// POST /api/v1/organisations/{id}/invites/{id}/resend/ — a new link for the invitation, emailed if SMTP is set
import { withApi } from "@/lib/api/handler";
import { resendInvite } from "@/lib/invitations/invitations";
import { ZOrganisationInviteParams } from "@/lib/invitations/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { organisation: "MANAGE_USERS", of: (c) => c.params.organisationId },
    params: ZOrganisationInviteParams,
  },
  ({ user, params, request }) =>
    resendInvite({ userId: user.id, organisationId: params.organisationId }, params.inviteId, request),
);
