// GET/PUT/PATCH/DELETE /api/v1/projects/{id}/tags/{id}/ — one tag
import { withApi } from "@/lib/route/handler";
import { ZTagCreate, ZTagParams, ZTagPatch } from "@/lib/tags/schemas";
import { deleteTag, getTag, updateTag } from "@/lib/tags/tags";
import { noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZTag } from "@/lib/tags/responses";

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

export const GET = withApi(
  {
    auth: "user",
    params,
    permission: view,
    openapi: {
      operationId: "getTag",
      summary: "Get a tag",
      tag: "Tags",
      responses: { 200: ok("The tag.", ZTag), 404: notFound("The project or the tag") },
    },
  },
  ({ user, params }) => getTag(scope(user.id, params), params.tagId),
);
export const PUT = withApi(
  {
    auth: "user",
    params,
    permission: manage,
    body: ZTagCreate,
    openapi: {
      operationId: "updateTag",
      summary: "Update a tag",
      tag: "Tags",
      responses: { 200: ok("The updated tag.", ZTag), 404: notFound("The project or the tag") },
    },
  },
  ({ user, params, body }) => updateTag(scope(user.id, params), params.tagId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    params,
    permission: manage,
    body: ZTagPatch,
    openapi: {
      operationId: "partialUpdateTag",
      summary: "Partially update a tag",
      tag: "Tags",
      responses: { 200: ok("The updated tag.", ZTag), 404: notFound("The project or the tag") },
    },
  },
  ({ user, params, body }) => updateTag(scope(user.id, params), params.tagId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    params,
    permission: manage,
    status: 204,
    openapi: {
      operationId: "deleteTag",
      summary: "Delete a tag",
      description: "The tag is taken off every feature.",
      tag: "Tags",
      responses: { 204: noContent("The tag is deleted."), 404: notFound("The project or the tag") },
    },
  },
  ({ user, params }) => deleteTag(scope(user.id, params), params.tagId),
);
