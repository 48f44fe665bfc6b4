// GET/DELETE /api/v1/organisations/{id}/invites/{id}/ — one pending invitation; DELETE revokes it
import { withApi } from "@/lib/route/handler";
import { getInvite, revokeInvite } from "@/lib/invitations/invitations";
import { ZOrganisationInviteParams } from "@/lib/invitations/schemas";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZInvite } from "@/lib/invitations/responses";

const permission = {
  organisation: "MANAGE_USERS",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZOrganisationInviteParams;

export const GET = withApi(
  {
    auth: "user",
    permission,
    params,
    openapi: {
      operationId: "getOrganisationInvite",
      summary: "Get a pending invitation",
      tag: "Invitations",
      responses: {
        200: ok("The invitation.", ZInvite),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation or the invitation"),
      },
    },
  },
  ({ user, params }) =>
    getInvite({ userId: user.id, organisationId: params.organisationId }, params.inviteId),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission,
    params,
    status: 204,
    openapi: {
      operationId: "revokeOrganisationInvite",
      summary: "Revoke an invitation",
      description: "Its link stops working at once.",
      tag: "Invitations",
      responses: {
        204: noContent("The invitation is revoked."),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation or the invitation"),
      },
    },
  },
  ({ user, params }) =>
    revokeInvite({ userId: user.id, organisationId: params.organisationId }, params.inviteId),
);
