// GET/POST /api/v1/projects/{id}/tags/ — a project's tags (10 a page); create one
import { withApi } from "@/lib/api/handler";
import { ZProjectTagsParams, ZTagCreate, ZTagListQuery } from "@/lib/tags/schemas";
import { createTag, listTags } from "@/lib/tags/tags";

const view = {
  project: "VIEW_PROJECT",
  of: (c: { params: { projectId: number } }) => c.params.projectId,
} as const;
const manage = {
  project: "MANAGE_TAGS",
  of: (c: { params: { projectId: number } }) => c.params.projectId,
} as const;
const params = ZProjectTagsParams;

export const GET = withApi(
  { auth: "user", params, query: ZTagListQuery, permission: view },
  ({ user, params, query, request }) =>
    listTags({ userId: user.id, projectId: params.projectId }, request, query),
);
export const POST = withApi(
  { auth: "user", params, permission: manage, body: ZTagCreate, status: 201 },
  ({ user, params, body }) => createTag({ userId: user.id, projectId: params.projectId }, body),
);
