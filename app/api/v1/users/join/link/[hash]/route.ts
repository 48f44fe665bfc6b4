// POST /api/v1/users/join/link/{hash}/ — the signed-in account joins through an invite link
import { withApi } from "@/lib/route/handler";
import { joinFromInviteLink } from "@/lib/invitations/join";
import { ZJoinParams } from "@/lib/invitations/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZOrganisation } from "@/lib/organisations/responses";
import { ZErrorDetail } from "@/lib/api/response-schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { member: true },
    params: ZJoinParams,
    openapi: {
      operationId: "joinOrganisationFromInviteLink",
      summary: "Join through an invite link",
      description:
        "The signed-in account joins the organisation with the link's role (a member keeps their role).",
      tag: "Invitations",
      responses: {
        200: ok("The organisation joined.", ZOrganisation),
        400: ok("The invitation has expired (`Invite has expired`).", ZErrorDetail),
        404: notFound("The invite link (unknown or deleted)"),
      },
    },
  },
  ({ user, params }) => joinFromInviteLink(user, params.hash),
);
