// GET/POST /api/v1/organisations/{id}/groups/ — the organisation's groups; create one
import { withApi } from "@/lib/api/handler";
import { ZPageQuery } from "@/lib/api/pagination";
import { createGroup, listGroups } from "@/lib/permissions/groups";
import { ZGroupWrite, ZOrganisationScopeParams } from "@/lib/permissions/schemas";

const params = ZOrganisationScopeParams;

export const GET = withApi(
  { auth: "user", permission: { member: true }, params, query: ZPageQuery },
  ({ user, params, query, request }) => listGroups(user.id, params.organisationId, request, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { organisation: "MANAGE_USER_GROUPS", of: (c) => c.params.organisationId },
    params,
    body: ZGroupWrite,
    status: 201,
  },
  ({ params, body }) => createGroup(params.organisationId, body),
);
