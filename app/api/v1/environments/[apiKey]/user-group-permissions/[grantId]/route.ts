// GET/PUT/PATCH/DELETE /api/v1/environments/{apiKey}/user-group-permissions/{id}/ — one group grant on this environment
import { withApi } from "@/lib/route/handler";
import { deleteGrant, getGrant, updateGrant, environmentScope } from "@/lib/permissions/grants";
import { ZEnvironmentGrantParams, ZGroupGrantWrite, ZGroupGrantPatch } from "@/lib/permissions/schemas";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZGroupGrant } from "@/lib/permissions/responses";

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
      operationId: "getGroupEnvironmentPermission",
      summary: "Get a group grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZGroupGrant),
        403: forbidden("The caller is not an admin of the environment"),
        404: notFound("The environment or the grant"),
      },
    },
  },
  async ({ params }) => getGrant(await environmentScope(params.apiKey), "group", params.grantId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantWrite,
    openapi: {
      operationId: "updateGroupEnvironmentPermission",
      summary: "Update a group grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZGroupGrant),
        403: forbidden("The caller is not an admin of the environment"),
        404: notFound("The environment or the grant"),
      },
    },
  },
  async ({ params, body }) =>
    updateGrant(await environmentScope(params.apiKey), "group", params.grantId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantPatch,
    openapi: {
      operationId: "partialUpdateGroupEnvironmentPermission",
      summary: "Partially update a group grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZGroupGrant),
        403: forbidden("The caller is not an admin of the environment"),
        404: notFound("The environment or the grant"),
      },
    },
  },
  async ({ params, body }) =>
    updateGrant(await environmentScope(params.apiKey), "group", params.grantId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission,
    params,
    status: 204,
    openapi: {
      operationId: "deleteGroupEnvironmentPermission",
      summary: "Revoke a group grant",
      tag: "Members and permissions",
      responses: {
        204: noContent("Revoked."),
        403: forbidden("The caller is not an admin of the environment"),
        404: notFound("The environment or the grant"),
      },
    },
  },
  async ({ params }) => deleteGrant(await environmentScope(params.apiKey), "group", params.grantId),
);
