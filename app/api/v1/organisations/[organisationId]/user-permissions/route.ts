// GET/POST /api/v1/organisations/{organisationId}/user-permissions/ — user grants on this organisation; grant
import { withApi } from "@/lib/route/handler";
import { createGrant, listGrants, organisationScope } from "@/lib/permissions/grants";
import { ZOrganisationScopeParams, ZUserGrantWrite } from "@/lib/permissions/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZUserGrant, ZUserGrantList } from "@/lib/permissions/responses";

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
      operationId: "listUserOrganisationPermissions",
      summary: "List user grants on a organisation",
      tag: "Members and permissions",
      responses: {
        200: ok("The grants.", ZUserGrantList),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  async ({ params }) => listGrants(await organisationScope(params.organisationId), "user"),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZUserGrantWrite,
    status: 201,
    openapi: {
      operationId: "createUserOrganisationPermission",
      summary: "Grant a user permissions on a organisation",
      description: "One grant per user; the keys must be organisation keys.",
      tag: "Members and permissions",
      responses: {
        201: ok("The grant.", ZUserGrant),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  async ({ params, body }) => createGrant(await organisationScope(params.organisationId), "user", body),
);
