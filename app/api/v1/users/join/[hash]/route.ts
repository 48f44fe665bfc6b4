// POST /api/v1/users/join/{hash}/ — the signed-in account joins through an email invitation
import { withApi } from "@/lib/route/handler";
import { joinFromEmailInvite } from "@/lib/invitations/join";
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
      operationId: "joinOrganisationFromEmailInvite",
      summary: "Join through an email invitation",
      description:
        "The signed-in account joins the organisation with the invitation's role (a member keeps their role); the invitation is used up. The account's email must be the invited one.",
      tag: "Invitations",
      responses: {
        200: ok("The organisation joined.", ZOrganisation),
        400: ok("Expired, or the account's email is not the invited one.", ZErrorDetail),
        404: notFound("The invitation (unknown, used or revoked)"),
      },
    },
  },
  ({ user, params }) => joinFromEmailInvite(user, params.hash),
);
