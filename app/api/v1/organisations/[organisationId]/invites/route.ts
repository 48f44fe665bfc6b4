// GET|POST /api/v1/organisations/{id}/invites/ — pending email invitations of an organisation; invite one person
import { withApi } from "@/lib/route/handler";
import { createInvite, listInvites } from "@/lib/invitations/invitations";
import { ZInviteCreateOne, ZOrganisationInvitesParams } from "@/lib/invitations/schemas";
import { forbidden, invalidBody, notFound, ok } from "@/lib/openapi/shared";
import { ZInviteList, ZInviteWithLink } from "@/lib/invitations/responses";

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

export const POST = withApi(
  {
    auth: "user",
    permission: { organisation: "MANAGE_USERS", of: (c) => c.params.organisationId },
    params: ZOrganisationInvitesParams,
    body: ZInviteCreateOne,
    status: 201,
    openapi: {
      operationId: "createOrganisationInvite",
      summary: "Invite one person by email",
      description:
        "Flagsmith's `{email, role, permission_groups}` form of `POST /organisations/{id}/invite/`; `permission_groups` must be empty.",
      tag: "Invitations",
      responses: {
        201: ok("The invitation with its link.", ZInviteWithLink),
        400: invalidBody,
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params, body, request }) =>
    createInvite({ userId: user.id, organisationId: params.organisationId }, body, request),
);
