// GET /api/v1/organisations/{id}/invites/ — pending email invitations of an organisation
import { withApi } from "@/lib/route/handler";
import { listInvites } from "@/lib/invitations/invitations";
import { ZOrganisationInvitesParams } from "@/lib/invitations/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZInviteList } from "@/lib/invitations/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { organisation: "MANAGE_USERS", of: (c) => c.params.organisationId },
    params: ZOrganisationInvitesParams,
    openapi: {
      operationId: "listOrganisationInvites",
      summary: "List pending invitations",
      tag: "Invitations",
      responses: {
        200: ok("The pending invitations.", ZInviteList),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params }) => listInvites({ userId: user.id, organisationId: params.organisationId }),
);
