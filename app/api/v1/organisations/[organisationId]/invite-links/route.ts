// GET/POST /api/v1/organisations/{id}/invite-links/ — shareable invite links of an organisation
import { withApi } from "@/lib/route/handler";
import { createInviteLink, listInviteLinks } from "@/lib/invitations/links";
import { ZInviteLinkCreate, ZOrganisationInvitesParams } from "@/lib/invitations/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZInviteLink, ZInviteLinkList } from "@/lib/invitations/responses";

const permission = {
  organisation: "MANAGE_USERS",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZOrganisationInvitesParams;

export const GET = withApi(
  {
    auth: "user",
    permission,
    params,
    openapi: {
      operationId: "listOrganisationInviteLinks",
      summary: "List invite links",
      tag: "Invitations",
      responses: {
        200: ok("The invite links.", ZInviteLinkList),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params, request }) =>
    listInviteLinks({ userId: user.id, organisationId: params.organisationId }, request),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZInviteLinkCreate,
    status: 201,
    openapi: {
      operationId: "createOrganisationInviteLink",
      summary: "Create an invite link",
      description: "Anyone holding the link can join with its role until it expires or is deleted.",
      tag: "Invitations",
      responses: {
        201: ok("The invite link.", ZInviteLink),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params, body, request }) =>
    createInviteLink({ userId: user.id, organisationId: params.organisationId }, body, request),
);
