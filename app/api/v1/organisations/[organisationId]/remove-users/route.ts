// POST /api/v1/organisations/{id}/remove-users/ — remove members ([{id}]) with their grants
import { withApi } from "@/lib/api/handler";
import { removeMembers } from "@/lib/permissions/members";
import { ZOrganisationScopeParams, ZRemoveUsers } from "@/lib/permissions/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params: ZOrganisationScopeParams,
    body: ZRemoveUsers,
  },
  ({ params, body }) => removeMembers(params.organisationId, body),
);
