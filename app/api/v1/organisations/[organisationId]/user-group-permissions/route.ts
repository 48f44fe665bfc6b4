// GET/POST /api/v1/organisations/{organisationId}/user-group-permissions/ — group grants on this organisation; grant
import { withApi } from "@/lib/api/handler";
import { createGrant, listGrants, organisationScope } from "@/lib/permissions/grants";
import { ZOrganisationScopeParams, ZGroupGrantWrite } from "@/lib/permissions/schemas";

const permission = {
  organisation: "ADMIN",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZOrganisationScopeParams;

export const GET = withApi({ auth: "user", permission, params }, async ({ params }) =>
  listGrants(await organisationScope(params.organisationId), "group"),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantWrite,
    status: 201,
  },
  async ({ params, body }) => createGrant(await organisationScope(params.organisationId), "group", body),
);
