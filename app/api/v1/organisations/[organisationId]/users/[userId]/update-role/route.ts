// POST /api/v1/organisations/{id}/users/{userId}/update-role/ — make a member ADMIN or USER
import { withApi } from "@/lib/route/handler";
import { updateMemberRole } from "@/lib/permissions/members";
import { ZMemberParams, ZUpdateRole } from "@/lib/permissions/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZMember } from "@/lib/permissions/responses";

export const POST = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params: ZMemberParams,
    body: ZUpdateRole,
    openapi: {
      operationId: "updateOrganisationUserRole",
      summary: "Change a member's role",
      description: "ADMIN or USER. The last admin cannot be demoted (400).",
      tag: "Members and permissions",
      responses: {
        200: ok("The member.", ZMember),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation or the member"),
      },
    },
  },
  ({ params, body }) => updateMemberRole(params.organisationId, params.userId, body),
);
