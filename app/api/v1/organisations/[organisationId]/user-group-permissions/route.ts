// GET/POST /api/v1/organisations/{organisationId}/user-group-permissions/ — group grants on this organisation; grant
import { withApi } from "@/lib/route/handler";
import { createGrant, listGrants, organisationScope } from "@/lib/permissions/grants";
import { ZOrganisationScopeParams, ZGroupGrantWrite } from "@/lib/permissions/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZGroupGrant, ZGroupGrantList } from "@/lib/permissions/responses";

const permission = {
  organisation: "ADMIN",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZOrganisationScopeParams;

export const GET = withApi(
  {
    auth: "user",
    permission,
    params,
    openapi: {
      operationId: "listGroupOrganisationPermissions",
      summary: "List group grants on a organisation",
      tag: "Members and permissions",
      responses: {
        200: ok("The grants.", ZGroupGrantList),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  async ({ params }) => listGrants(await organisationScope(params.organisationId), "group"),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantWrite,
    status: 201,
    openapi: {
      operationId: "createGroupOrganisationPermission",
      summary: "Grant a group permissions on a organisation",
      description: "One grant per group; the keys must be organisation keys.",
      tag: "Members and permissions",
      responses: {
        201: ok("The grant.", ZGroupGrant),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  async ({ params, body }) => createGrant(await organisationScope(params.organisationId), "group", body),
);
