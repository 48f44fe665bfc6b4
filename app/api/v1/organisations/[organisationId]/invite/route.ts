// POST /api/v1/organisations/{id}/invite/ — invite people by email (answers each invitation with its link)
import { withApi } from "@/lib/api/handler";
import { createInvites } from "@/lib/invitations/invitations";
import { ZInviteCreate, ZOrganisationInvitesParams } from "@/lib/invitations/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { organisation: "MANAGE_USERS", of: (c) => c.params.organisationId },
    params: ZOrganisationInvitesParams,
    body: ZInviteCreate,
    status: 201,
  },
  ({ user, params, body, request }) =>
    createInvites({ userId: user.id, organisationId: params.organisationId }, body, request),
);
