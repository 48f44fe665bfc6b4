// POST /api/v1/organisations/{id}/groups/{groupId}/users/{userId}/remove-admin/ — a member is no longer the group's admin
import { withApi } from "@/lib/api/handler";
import { setGroupAdmin } from "@/lib/permissions/groups";
import { ZGroupMemberParams } from "@/lib/permissions/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params: ZGroupMemberParams,
  },
  ({ params }) => setGroupAdmin(params.organisationId, params.groupId, params.userId, false),
);
