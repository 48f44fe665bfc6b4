// GET /api/v1/organisations/{id}/groups/summaries/ — every group of the organisation ({id, name})
import { withApi } from "@/lib/api/handler";
import { groupSummaries } from "@/lib/permissions/groups";
import { ZOrganisationScopeParams } from "@/lib/permissions/schemas";

export const GET = withApi(
  { auth: "user", permission: { member: true }, params: ZOrganisationScopeParams },
  ({ user, params }) => groupSummaries(user.id, params.organisationId),
);
