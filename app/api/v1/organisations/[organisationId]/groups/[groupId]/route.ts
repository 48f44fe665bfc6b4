// GET/PUT/PATCH/DELETE /api/v1/organisations/{id}/groups/{groupId}/ — one group
import { withApi } from "@/lib/route/handler";
import { groupAdminOf } from "@/lib/permissions/group-admin";
import { deleteGroup, getGroup, updateGroup } from "@/lib/permissions/groups";
import { ZGroupParams, ZGroupPatch, ZGroupWrite } from "@/lib/permissions/schemas";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZGroup, ZGroupDetail } from "@/lib/permissions/responses";

const permission = {
  organisation: "MANAGE_USER_GROUPS",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZGroupParams;
export const GET = withApi(
  {
    auth: "user",
    permission: { ...permission, orIf: groupAdminOf },
    params,
    openapi: {
      operationId: "getGroup",
      summary: "Get a group",
      tag: "Members and permissions",
      responses: {
        200: ok("The group.", ZGroupDetail),
        403: forbidden("The caller lacks MANAGE_USER_GROUPS in the organisation"),
        404: notFound("The organisation or the group"),
      },
    },
  },
  ({ params }) => getGroup(params.organisationId, params.groupId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupWrite,
    openapi: {
      operationId: "updateGroup",
      summary: "Update a group",
      description: "`users`, when given, replaces the members.",
      tag: "Members and permissions",
      responses: {
        200: ok("The group.", ZGroup),
        403: forbidden("The caller lacks MANAGE_USER_GROUPS in the organisation"),
        404: notFound("The organisation or the group"),
      },
    },
  },
  ({ params, body }) => updateGroup(params.organisationId, params.groupId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupPatch,
    openapi: {
      operationId: "partialUpdateGroup",
      summary: "Partially update a group",
      description: "`users`, when given, replaces the members.",
      tag: "Members and permissions",
      responses: {
        200: ok("The group.", ZGroup),
        403: forbidden("The caller lacks MANAGE_USER_GROUPS in the organisation"),
        404: notFound("The organisation or the group"),
      },
    },
  },
  ({ params, body }) => updateGroup(params.organisationId, params.groupId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission,
    params,
    status: 204,
    openapi: {
      operationId: "deleteGroup",
      summary: "Delete a group",
      tag: "Members and permissions",
      responses: {
        204: noContent("Deleted, with its grants."),
        403: forbidden("The caller lacks MANAGE_USER_GROUPS in the organisation"),
        404: notFound("The organisation or the group"),
      },
    },
  },
  ({ params }) => deleteGroup(params.organisationId, params.groupId),
);
