import { ZProjectCreate, ZProjectListQuery, ZProjectParams, ZProjectUpdate } from "@/lib/projects/schemas";
import { ZProject, ZProjectList } from "../responses/projects";
import type { FieldDocs, Operation } from "../types";
import { forbidden, invalidBody, invalidQuery, noContent, notAuthenticated, notFound, ok } from "./shared";

const tag = "Projects";
const path = "/api/v1/projects/{projectId}/";
const settingsDocs: FieldDocs = {
  name: "Name of the project.",
  hide_disabled_flags: "Whether SDKs receive only enabled flags (default false).",
  enable_realtime_updates: "Whether real-time flag updates are enabled (default false).",
  prevent_flag_defaults:
    "Whether new features start disabled and without a value in every environment (default false).",
};
const update = {
  path,
  tag,
  security: "token",
  params: ZProjectParams,
  body: ZProjectUpdate,
  bodyDocs: settingsDocs,
  status: 200,
  responses: {
    200: ok("The updated project.", ZProject),
    400: invalidBody,
    401: notAuthenticated,
    404: notFound("The project"),
  },
} satisfies Omit<Operation, "method" | "operationId" | "summary">;

export const projectOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/projects/",
    operationId: "listProjects",
    summary: "List projects",
    description: "The projects of the caller's organisations (not paged).",
    tag,
    security: "token",
    query: ZProjectListQuery,
    status: 200,
    responses: {
      200: ok("The projects.", ZProjectList),
      400: invalidQuery,
      401: notAuthenticated,
    },
  },
  {
    method: "post",
    path: "/api/v1/projects/",
    operationId: "createProject",
    summary: "Create a project",
    tag,
    security: "token",
    body: ZProjectCreate,
    bodyDocs: { ...settingsDocs, organisation: "Id of the organisation to create the project in." },
    status: 201,
    responses: {
      201: ok("The created project.", ZProject),
      400: invalidBody,
      401: notAuthenticated,
      403: forbidden("The caller is not a member of the organisation"),
    },
  },
  {
    method: "get",
    path,
    operationId: "getProject",
    summary: "Get a project",
    tag,
    security: "token",
    params: ZProjectParams,
    status: 200,
    responses: {
      200: ok("The project.", ZProject),
      401: notAuthenticated,
      404: notFound("The project"),
    },
  },
  { ...update, method: "put", operationId: "updateProject", summary: "Update a project" },
  { ...update, method: "patch", operationId: "partialUpdateProject", summary: "Partially update a project" },
  {
    method: "delete",
    path,
    operationId: "deleteProject",
    summary: "Delete a project",
    description: "Deletes the project with its environments, features, segments and identities.",
    tag,
    security: "token",
    params: ZProjectParams,
    status: 204,
    responses: {
      204: noContent("The project is deleted."),
      401: notAuthenticated,
      404: notFound("The project"),
    },
  },
];
