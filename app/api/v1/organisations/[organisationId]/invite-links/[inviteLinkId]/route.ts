// DELETE /api/v1/organisations/{id}/invite-links/{id}/ — revoke an invite link
import { withApi } from "@/lib/route/handler";
import { deleteInviteLink } from "@/lib/invitations/links";
import { ZOrganisationInviteLinkParams } from "@/lib/invitations/schemas";
import { forbidden, noContent, notFound } from "@/lib/openapi/shared";

export const DELETE = withApi(
  {
    auth: "user",
    permission: { organisation: "MANAGE_USERS", of: (c) => c.params.organisationId },
    params: ZOrganisationInviteLinkParams,
    status: 204,
    openapi: {
      operationId: "deleteOrganisationInviteLink",
      summary: "Delete an invite link",
      tag: "Invitations",
      responses: {
        204: noContent("The link is deleted and stops working."),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation or the invite link"),
      },
    },
  },
  ({ user, params }) =>
    deleteInviteLink({ userId: user.id, organisationId: params.organisationId }, params.inviteLinkId),
);
