// POST /api/v1/organisations/{id}/remove-users/ — remove members ([{id}]) with their grants
import { withApi } from "@/lib/route/handler";
import { removeMembers } from "@/lib/permissions/members";
import { ZOrganisationScopeParams, ZRemoveUsers } from "@/lib/permissions/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZRemovedUsers } from "@/lib/permissions/responses";

export const POST = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params: ZOrganisationScopeParams,
    body: ZRemoveUsers,
    openapi: {
      operationId: "removeOrganisationUsers",
      summary: "Remove members from an organisation",
      description:
        "Removes each user with their grants and group memberships in the organisation; their sessions and tokens no longer reach it. The last admin cannot be removed.",
      tag: "Members and permissions",
      responses: {
        200: ok("The removed users.", ZRemovedUsers),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ params, body }) => removeMembers(params.organisationId, body),
);
