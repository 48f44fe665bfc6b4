// GET/PUT/PATCH/DELETE /api/v1/projects/{id}/ — one project
import { withApi, withDocs } from "@/lib/route/handler";
import { deleteProject, getProject, updateProject } from "@/lib/projects/projects";
import { ZProjectParams, ZProjectUpdate } from "@/lib/projects/schemas";
import { noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZProject } from "@/lib/wire/project";

const params = ZProjectParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params,
    openapi: {
      operationId: "getProject",
      summary: "Get a project",
      tag: "Projects",
      responses: { 200: ok("The project.", ZProject), 404: notFound("The project") },
    },
  },
  ({ user, params }) => getProject(user.id, params.projectId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { project: "ADMIN", of: (c) => c.params.projectId },
    params,
    body: ZProjectUpdate,
    openapi: {
      operationId: "updateProject",
      summary: "Update a project",
      tag: "Projects",
      bodyDocs: {
        name: "Name of the project.",
        hide_disabled_flags: "Whether SDKs receive only enabled flags (default false).",
        enable_realtime_updates: "Whether real-time flag updates are enabled (default false).",
        prevent_flag_defaults:
          "Whether new features start disabled and without a value in every environment (default false).",
      },
      responses: { 200: ok("The updated project.", ZProject), 404: notFound("The project") },
    },
  },
  ({ user, params, body }) => updateProject(user.id, params.projectId, body),
);
export const PATCH = withDocs(PUT, {
  operationId: "partialUpdateProject",
  summary: "Partially update a project",
});
export const DELETE = withApi(
  {
    auth: "user",
    permission: { project: "ADMIN", of: (c) => c.params.projectId },
    params,
    status: 204,
    openapi: {
      operationId: "deleteProject",
      summary: "Delete a project",
      description: "Deletes the project with its environments, features, segments and identities.",
      tag: "Projects",
      responses: { 204: noContent("The project is deleted."), 404: notFound("The project") },
    },
  },
  ({ user, params }) => deleteProject(user.id, params.projectId),
);
