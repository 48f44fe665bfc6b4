// POST /api/v1/organisations/{id}/users/{userId}/update-role/ — make a member ADMIN or USER
import { withApi } from "@/lib/api/handler";
import { updateMemberRole } from "@/lib/permissions/members";
import { ZMemberParams, ZUpdateRole } from "@/lib/permissions/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params: ZMemberParams,
    body: ZUpdateRole,
  },
  ({ params, body }) => updateMemberRole(params.organisationId, params.userId, body),
);
