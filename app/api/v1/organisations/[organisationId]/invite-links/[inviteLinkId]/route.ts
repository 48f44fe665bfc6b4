// DELETE /api/v1/organisations/{id}/invite-links/{id}/ — revoke an invite link
import { withApi } from "@/lib/api/handler";
import { deleteInviteLink } from "@/lib/invitations/links";
import { ZOrganisationInviteLinkParams } from "@/lib/invitations/schemas";

export const DELETE = withApi(
  {
    auth: "user",
    permission: { organisation: "MANAGE_USERS", of: (c) => c.params.organisationId },
    params: ZOrganisationInviteLinkParams,
    status: 204,
  },
  ({ user, params }) =>
    deleteInviteLink({ userId: user.id, organisationId: params.organisationId }, params.inviteLinkId),
);
