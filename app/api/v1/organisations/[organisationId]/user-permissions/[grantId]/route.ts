// GET/PUT/PATCH/DELETE /api/v1/organisations/{organisationId}/user-permissions/{id}/ — one user grant on this organisation
import { withApi } from "@/lib/route/handler";
import { deleteGrant, getGrant, updateGrant, organisationScope } from "@/lib/permissions/grants";
import { ZOrganisationGrantParams, ZUserGrantWrite, ZUserGrantPatch } from "@/lib/permissions/schemas";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZUserGrant } from "@/lib/permissions/responses";

const permission = {
  organisation: "ADMIN",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZOrganisationGrantParams;

export const GET = withApi(
  {
    auth: "user",
    permission,
    params,
    openapi: {
      operationId: "getUserOrganisationPermission",
      summary: "Get a user grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZUserGrant),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation or the grant"),
      },
    },
  },
  async ({ params }) => getGrant(await organisationScope(params.organisationId), "user", params.grantId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZUserGrantWrite,
    openapi: {
      operationId: "updateUserOrganisationPermission",
      summary: "Update a user grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZUserGrant),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation or the grant"),
      },
    },
  },
  async ({ params, body }) =>
    updateGrant(await organisationScope(params.organisationId), "user", params.grantId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZUserGrantPatch,
    openapi: {
      operationId: "partialUpdateUserOrganisationPermission",
      summary: "Partially update a user grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZUserGrant),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation or the grant"),
      },
    },
  },
  async ({ params, body }) =>
    updateGrant(await organisationScope(params.organisationId), "user", params.grantId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission,
    params,
    status: 204,
    openapi: {
      operationId: "deleteUserOrganisationPermission",
      summary: "Revoke a user grant",
      tag: "Members and permissions",
      responses: {
        204: noContent("Revoked."),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation or the grant"),
      },
    },
  },
  async ({ params }) => deleteGrant(await organisationScope(params.organisationId), "user", params.grantId),
);
