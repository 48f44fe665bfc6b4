// GET /api/v1/organisations/{id}/groups/my-groups/ — the groups the caller belongs to ({id, name})
import { withApi } from "@/lib/api/handler";
import { myGroups } from "@/lib/permissions/groups";
import { ZOrganisationScopeParams } from "@/lib/permissions/schemas";

export const GET = withApi(
  { auth: "user", permission: { member: true }, params: ZOrganisationScopeParams },
  ({ user, params }) => myGroups(user.id, params.organisationId),
);
