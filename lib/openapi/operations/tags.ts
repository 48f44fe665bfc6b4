import { ZPageQuery } from "@/lib/api/pagination";
import { ZProjectTagsParams, ZTagCreate, ZTagParams, ZTagPatch, ZTagUuidParams } from "@/lib/tags/schemas";
import { ZTag, ZTagPage } from "../responses/tags";
import type { Operation } from "../types";
import { invalidBody, invalidPage, noContent, notAuthenticated, notFound, ok } from "./shared";

const tag = "Tags" as const;
const listPath = "/api/v1/projects/{projectId}/tags/";
const path = "/api/v1/projects/{projectId}/tags/{tagId}/";
const base = { tag, security: "token" as const };
const missing = notFound("The project or the tag");

const update = (method: "put" | "patch") =>
  ({
    ...base,
    method,
    path,
    operationId: method === "put" ? "updateTag" : "partialUpdateTag",
    summary: method === "put" ? "Update a tag" : "Partially update a tag",
    params: ZTagParams,
    body: method === "put" ? ZTagCreate : ZTagPatch,
    status: 200,
    responses: { 200: ok("The updated tag.", ZTag), 400: invalidBody, 401: notAuthenticated, 404: missing },
  }) satisfies Operation;

export const tagOperations: Operation[] = [
  {
    ...base,
    method: "get",
    path: listPath,
    operationId: "listTags",
    summary: "List the tags of a project",
    description: "10 per page, oldest first.",
    params: ZProjectTagsParams,
    query: ZPageQuery,
    status: 200,
    responses: {
      200: ok("A page of tags.", ZTagPage),
      401: notAuthenticated,
      404: {
        ...invalidPage,
        description: "The project does not exist or is not visible, or the page is past the end.",
      },
    },
  },
  {
    ...base,
    method: "post",
    path: listPath,
    operationId: "createTag",
    summary: "Create a tag",
    params: ZProjectTagsParams,
    body: ZTagCreate,
    status: 201,
    responses: {
      201: ok("The created tag.", ZTag),
      400: invalidBody,
      401: notAuthenticated,
      404: notFound("The project"),
    },
  },
  {
    ...base,
    method: "get",
    path,
    operationId: "getTag",
    summary: "Get a tag",
    params: ZTagParams,
    status: 200,
    responses: { 200: ok("The tag.", ZTag), 401: notAuthenticated, 404: missing },
  },
  {
    ...base,
    method: "get",
    path: "/api/v1/projects/{projectId}/tags/get-by-uuid/{tagUuid}/",
    operationId: "getTagByUuid",
    summary: "Get a tag by its uuid",
    params: ZTagUuidParams,
    status: 200,
    responses: { 200: ok("The tag.", ZTag), 401: notAuthenticated, 404: missing },
  },
  update("put"),
  update("patch"),
  {
    ...base,
    method: "delete",
    path,
    operationId: "deleteTag",
    summary: "Delete a tag",
    description: "The tag is taken off every feature.",
    params: ZTagParams,
    status: 204,
    responses: { 204: noContent("The tag is deleted."), 401: notAuthenticated, 404: missing },
  },
];
