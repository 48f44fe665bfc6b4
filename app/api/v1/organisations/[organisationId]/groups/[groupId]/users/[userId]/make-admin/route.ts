// POST /api/v1/organisations/{id}/groups/{groupId}/users/{userId}/make-admin/ — make a member the group's admin
import { withApi } from "@/lib/route/handler";
import { setGroupAdmin } from "@/lib/permissions/groups";
import { ZGroupMemberParams } from "@/lib/permissions/schemas";
import { forbidden, noContent, notFound } from "@/lib/openapi/shared";

export const POST = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params: ZGroupMemberParams,
    openapi: {
      operationId: "makeGroupAdmin",
      summary: "Make a member the group's admin",
      tag: "Members and permissions",
      responses: {
        200: noContent("Done."),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation, the group or its member"),
      },
    },
  },
  ({ params }) => setGroupAdmin(params.organisationId, params.groupId, params.userId, true),
);
