// GET/PUT/PATCH/DELETE /api/v1/environments/{apiKey}/user-permissions/{id}/ — one user grant on this environment
import { withApi } from "@/lib/route/handler";
import { deleteGrant, getGrant, updateGrant, environmentScope } from "@/lib/permissions/grants";
import { ZEnvironmentGrantParams, ZUserGrantWrite, ZUserGrantPatch } from "@/lib/permissions/schemas";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZUserGrant } from "@/lib/permissions/responses";

const permission = {
  environment: "ADMIN",
  of: (c: { params: { apiKey: string } }) => c.params.apiKey,
} as const;

const params = ZEnvironmentGrantParams;

export const GET = withApi(
  {
    auth: "user",
    permission,
    params,
    openapi: {
      operationId: "getUserEnvironmentPermission",
      summary: "Get a user grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZUserGrant),
        403: forbidden("The caller is not an admin of the environment"),
        404: notFound("The environment or the grant"),
      },
    },
  },
  async ({ params }) => getGrant(await environmentScope(params.apiKey), "user", params.grantId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZUserGrantWrite,
    openapi: {
      operationId: "updateUserEnvironmentPermission",
      summary: "Update a user grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZUserGrant),
        403: forbidden("The caller is not an admin of the environment"),
        404: notFound("The environment or the grant"),
      },
    },
  },
  async ({ params, body }) =>
    updateGrant(await environmentScope(params.apiKey), "user", params.grantId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZUserGrantPatch,
    openapi: {
      operationId: "partialUpdateUserEnvironmentPermission",
      summary: "Partially update a user grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZUserGrant),
        403: forbidden("The caller is not an admin of the environment"),
        404: notFound("The environment or the grant"),
      },
    },
  },
  async ({ params, body }) =>
    updateGrant(await environmentScope(params.apiKey), "user", params.grantId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission,
    params,
    status: 204,
    openapi: {
      operationId: "deleteUserEnvironmentPermission",
      summary: "Revoke a user grant",
      tag: "Members and permissions",
      responses: {
        204: noContent("Revoked."),
        403: forbidden("The caller is not an admin of the environment"),
        404: notFound("The environment or the grant"),
      },
    },
  },
  async ({ params }) => deleteGrant(await environmentScope(params.apiKey), "user", params.grantId),
);
