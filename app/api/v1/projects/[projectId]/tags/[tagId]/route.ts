// GET/PUT/PATCH/DELETE /api/v1/projects/{id}/tags/{id}/ — one tag
import { withApi } from "@/lib/api/handler";
import { ZTagCreate, ZTagParams, ZTagPatch } from "@/lib/tags/schemas";
import { deleteTag, getTag, updateTag } from "@/lib/tags/tags";

const view = {
  project: "VIEW_PROJECT",
  of: (c: { params: { projectId: number } }) => c.params.projectId,
} as const;
const manage = {
  project: "MANAGE_TAGS",
  of: (c: { params: { projectId: number } }) => c.params.projectId,
} as const;
const params = ZTagParams;
const scope = (userId: number, p: { projectId: number }) => ({ userId, projectId: p.projectId });

export const GET = withApi({ auth: "user", params, permission: view }, ({ user, params }) =>
  getTag(scope(user.id, params), params.tagId),
);
export const PUT = withApi(
  { auth: "user", params, permission: manage, body: ZTagCreate },
  ({ user, params, body }) => updateTag(scope(user.id, params), params.tagId, body),
);
export const PATCH = withApi(
  { auth: "user", params, permission: manage, body: ZTagPatch },
  ({ user, params, body }) => updateTag(scope(user.id, params), params.tagId, body),
);
export const DELETE = withApi({ auth: "user", params, permission: manage, status: 204 }, ({ user, params }) =>
  deleteTag(scope(user.id, params), params.tagId),
);
