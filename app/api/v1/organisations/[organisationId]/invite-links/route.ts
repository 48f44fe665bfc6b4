// GET/POST /api/v1/organisations/{id}/invite-links/ — shareable invite links of an organisation
import { withApi } from "@/lib/api/handler";
import { createInviteLink, listInviteLinks } from "@/lib/invitations/links";
import { ZInviteLinkCreate, ZOrganisationInvitesParams } from "@/lib/invitations/schemas";

const permission = {
  organisation: "MANAGE_USERS",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZOrganisationInvitesParams;

export const GET = withApi({ auth: "user", permission, params }, ({ user, params, request }) =>
  listInviteLinks({ userId: user.id, organisationId: params.organisationId }, request),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZInviteLinkCreate,
    status: 201,
  },
  ({ user, params, body, request }) =>
    createInviteLink({ userId: user.id, organisationId: params.organisationId }, body, request),
);
