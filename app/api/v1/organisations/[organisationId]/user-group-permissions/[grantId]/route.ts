// GET/PUT/PATCH/DELETE /api/v1/organisations/{organisationId}/user-group-permissions/{id}/ — one group grant on this organisation
import { withApi } from "@/lib/route/handler";
import { deleteGrant, getGrant, updateGrant, organisationScope } from "@/lib/permissions/grants";
import { ZOrganisationGrantParams, ZGroupGrantWrite, ZGroupGrantPatch } from "@/lib/permissions/schemas";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZGroupGrant } from "@/lib/permissions/responses";

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
      operationId: "getGroupOrganisationPermission",
      summary: "Get a group grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZGroupGrant),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation or the grant"),
      },
    },
  },
  async ({ params }) => getGrant(await organisationScope(params.organisationId), "group", params.grantId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantWrite,
    openapi: {
      operationId: "updateGroupOrganisationPermission",
      summary: "Update a group grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZGroupGrant),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation or the grant"),
      },
    },
  },
  async ({ params, body }) =>
    updateGrant(await organisationScope(params.organisationId), "group", params.grantId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantPatch,
    openapi: {
      operationId: "partialUpdateGroupOrganisationPermission",
      summary: "Partially update a group grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZGroupGrant),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation or the grant"),
      },
    },
  },
  async ({ params, body }) =>
    updateGrant(await organisationScope(params.organisationId), "group", params.grantId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission,
    params,
    status: 204,
    openapi: {
      operationId: "deleteGroupOrganisationPermission",
      summary: "Revoke a group grant",
      tag: "Members and permissions",
      responses: {
        204: noContent("Revoked."),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation or the grant"),
      },
    },
  },
  async ({ params }) => deleteGrant(await organisationScope(params.organisationId), "group", params.grantId),
);
