// GET/POST /api/v1/projects/{id}/tags/ — a project's tags (10 a page); create one
import { withApi } from "@/lib/route/handler";
import { ZProjectTagsParams, ZTagCreate, ZTagListQuery } from "@/lib/tags/schemas";
import { createTag, listTags } from "@/lib/tags/tags";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZTag, ZTagPage } from "@/lib/tags/responses";
import { ZErrorDetail } from "@/lib/api/response-schemas";

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
  {
    auth: "user",
    params,
    query: ZTagListQuery,
    permission: view,
    openapi: {
      operationId: "listTags",
      summary: "List the tags of a project",
      description: "10 per page, oldest first.",
      tag: "Tags",
      responses: {
        200: ok("A page of tags.", ZTagPage),
        404: ok("The project does not exist or is not visible, or the page is past the end.", ZErrorDetail),
      },
    },
  },
  ({ user, params, query, request }) =>
    listTags({ userId: user.id, projectId: params.projectId }, request, query),
);
export const POST = withApi(
  {
    auth: "user",
    params,
    permission: manage,
    body: ZTagCreate,
    status: 201,
    openapi: {
      operationId: "createTag",
      summary: "Create a tag",
      tag: "Tags",
      responses: { 201: ok("The created tag.", ZTag), 404: notFound("The project") },
    },
  },
  ({ user, params, body }) => createTag({ userId: user.id, projectId: params.projectId }, body),
);
