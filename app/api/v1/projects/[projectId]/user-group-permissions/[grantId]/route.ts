// GET/PUT/PATCH/DELETE /api/v1/projects/{projectId}/user-group-permissions/{id}/ — one group grant on this project
import { withApi } from "@/lib/route/handler";
import { deleteGrant, getGrant, updateGrant, projectScope } from "@/lib/permissions/grants";
import { ZProjectGrantParams, ZGroupGrantWrite, ZGroupGrantPatch } from "@/lib/permissions/schemas";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZGroupGrant } from "@/lib/permissions/responses";

const permission = {
  project: "ADMIN",
  of: (c: { params: { projectId: number } }) => c.params.projectId,
} as const;

const params = ZProjectGrantParams;

export const GET = withApi(
  {
    auth: "user",
    permission,
    params,
    openapi: {
      operationId: "getGroupProjectPermission",
      summary: "Get a group grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZGroupGrant),
        403: forbidden("The caller is not an admin of the project"),
        404: notFound("The project or the grant"),
      },
    },
  },
  async ({ params }) => getGrant(await projectScope(params.projectId), "group", params.grantId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantWrite,
    openapi: {
      operationId: "updateGroupProjectPermission",
      summary: "Update a group grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZGroupGrant),
        403: forbidden("The caller is not an admin of the project"),
        404: notFound("The project or the grant"),
      },
    },
  },
  async ({ params, body }) =>
    updateGrant(await projectScope(params.projectId), "group", params.grantId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantPatch,
    openapi: {
      operationId: "partialUpdateGroupProjectPermission",
      summary: "Partially update a group grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZGroupGrant),
        403: forbidden("The caller is not an admin of the project"),
        404: notFound("The project or the grant"),
      },
    },
  },
  async ({ params, body }) =>
    updateGrant(await projectScope(params.projectId), "group", params.grantId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission,
    params,
    status: 204,
    openapi: {
      operationId: "deleteGroupProjectPermission",
      summary: "Revoke a group grant",
      tag: "Members and permissions",
      responses: {
        204: noContent("Revoked."),
        403: forbidden("The caller is not an admin of the project"),
        404: notFound("The project or the grant"),
      },
    },
  },
  async ({ params }) => deleteGrant(await projectScope(params.projectId), "group", params.grantId),
);
