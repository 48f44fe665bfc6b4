// GET/PUT/PATCH/DELETE /api/v1/projects/{projectId}/user-permissions/{id}/ — one user grant on this project
import { withApi } from "@/lib/route/handler";
import { deleteGrant, getGrant, updateGrant, projectScope } from "@/lib/permissions/grants";
import { ZProjectGrantParams, ZUserGrantWrite, ZUserGrantPatch } from "@/lib/permissions/schemas";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZUserGrant } from "@/lib/permissions/responses";

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
      operationId: "getUserProjectPermission",
      summary: "Get a user grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZUserGrant),
        403: forbidden("The caller is not an admin of the project"),
        404: notFound("The project or the grant"),
      },
    },
  },
  async ({ params }) => getGrant(await projectScope(params.projectId), "user", params.grantId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZUserGrantWrite,
    openapi: {
      operationId: "updateUserProjectPermission",
      summary: "Update a user grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZUserGrant),
        403: forbidden("The caller is not an admin of the project"),
        404: notFound("The project or the grant"),
      },
    },
  },
  async ({ params, body }) => updateGrant(await projectScope(params.projectId), "user", params.grantId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZUserGrantPatch,
    openapi: {
      operationId: "partialUpdateUserProjectPermission",
      summary: "Partially update a user grant",
      tag: "Members and permissions",
      responses: {
        200: ok("The grant.", ZUserGrant),
        403: forbidden("The caller is not an admin of the project"),
        404: notFound("The project or the grant"),
      },
    },
  },
  async ({ params, body }) => updateGrant(await projectScope(params.projectId), "user", params.grantId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission,
    params,
    status: 204,
    openapi: {
      operationId: "deleteUserProjectPermission",
      summary: "Revoke a user grant",
      tag: "Members and permissions",
      responses: {
        204: noContent("Revoked."),
        403: forbidden("The caller is not an admin of the project"),
        404: notFound("The project or the grant"),
      },
    },
  },
  async ({ params }) => deleteGrant(await projectScope(params.projectId), "user", params.grantId),
);
