// GET/DELETE /api/v1/organisations/{id}/invites/{id}/ — one pending invitation; DELETE revokes it
import { withApi } from "@/lib/api/handler";
import { getInvite, revokeInvite } from "@/lib/invitations/invitations";
import { ZOrganisationInviteParams } from "@/lib/invitations/schemas";

const permission = {
  organisation: "MANAGE_USERS",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZOrganisationInviteParams;

export const GET = withApi({ auth: "user", permission, params }, ({ user, params }) =>
  getInvite({ userId: user.id, organisationId: params.organisationId }, params.inviteId),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission,
    params,
    status: 204,
  },
  ({ user, params }) =>
    revokeInvite({ userId: user.id, organisationId: params.organisationId }, params.inviteId),
);
