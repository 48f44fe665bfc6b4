// GET /api/v1/organisations/{id}/users/ — the organisation's members with their roles
import { withApi } from "@/lib/api/handler";
import { listMembers } from "@/lib/permissions/members";
import { ZMemberListQuery, ZOrganisationScopeParams } from "@/lib/permissions/schemas";

export const GET = withApi(
  { auth: "user", permission: { member: true }, params: ZOrganisationScopeParams, query: ZMemberListQuery },
  ({ user, params, query }) =>
    listMembers(user.id, params.organisationId, ["true", "True", "1"].includes(query.exclude_current ?? "")),
);
