// GET /api/v1/organisations/{id}/invites/ — pending email invitations of an organisation
import { withApi } from "@/lib/api/handler";
import { listInvites } from "@/lib/invitations/invitations";
import { ZOrganisationInvitesParams } from "@/lib/invitations/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { organisation: "MANAGE_USERS", of: (c) => c.params.organisationId },
    params: ZOrganisationInvitesParams,
  },
  ({ user, params }) => listInvites({ userId: user.id, organisationId: params.organisationId }),
);
