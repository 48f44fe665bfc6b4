// GET/PUT/PATCH/DELETE /api/v1/organisations/{id}/groups/{groupId}/ — one group
import { withApi } from "@/lib/api/handler";
import { groupAdminOf } from "@/lib/permissions/group-admin";
import { deleteGroup, getGroup, updateGroup } from "@/lib/permissions/groups";
import { ZGroupParams, ZGroupPatch, ZGroupWrite } from "@/lib/permissions/schemas";

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
  },
  ({ params }) => getGroup(params.organisationId, params.groupId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupWrite,
  },
  ({ params, body }) => updateGroup(params.organisationId, params.groupId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupPatch,
  },
  ({ params, body }) => updateGroup(params.organisationId, params.groupId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission,
    params,
    status: 204,
  },
  ({ params }) => deleteGroup(params.organisationId, params.groupId),
);
