// GET/PUT/PATCH/DELETE /api/v1/projects/{id}/change-requests/{cr_id}/ — one segment change request
import { withApi, withDocs } from "@/lib/route/handler";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZBadRequest } from "@/lib/api/response-schemas";
import {
  deleteProjectChangeRequest,
  getProjectChangeRequest,
  updateProjectChangeRequest,
} from "@/lib/change-requests/project-change-requests";
import { ZProjectChangeRequest } from "@/lib/change-requests/responses";
import { ZProjectChangeRequestParams, ZProjectChangeRequestUpdate } from "@/lib/change-requests/schemas";

const params = ZProjectChangeRequestParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params,
    openapi: {
      operationId: "getProjectChangeRequest",
      summary: "Get a segment change request",
      description:
        "With its proposed segments, approvals, `is_approved`, and `conflicts` (segments changed since).",
      tag: "Change requests",
      responses: {
        200: ok("The change request.", ZProjectChangeRequest),
        403: forbidden("The caller lacks VIEW_PROJECT"),
        404: notFound("The change request"),
      },
    },
  },
  ({ params }) => getProjectChangeRequest(params.projectId, params.projectChangeRequestId),
);

export const PUT = withApi(
  {
    auth: "user",
    permission: { project: "CREATE_PROJECT_LEVEL_CHANGE_REQUESTS", of: (c) => c.params.projectId },
    params,
    body: ZProjectChangeRequestUpdate,
    openapi: {
      operationId: "updateProjectChangeRequest",
      summary: "Edit a segment change request",
      description:
        "Fields sent change (PUT works as PATCH). New `segments` drop the approvals. A committed request cannot be edited (400).",
      tag: "Change requests",
      responses: {
        200: ok("The change request.", ZProjectChangeRequest),
        400: ok("Invalid body, or the request is committed.", ZBadRequest),
        403: forbidden("The caller lacks CREATE_PROJECT_LEVEL_CHANGE_REQUESTS"),
        404: notFound("The change request"),
      },
    },
  },
  ({ params, body }) => updateProjectChangeRequest(params.projectId, params.projectChangeRequestId, body),
);

export const PATCH = withDocs(PUT, {
  operationId: "patchProjectChangeRequest",
  summary: "Edit part of a segment change request",
});

export const DELETE = withApi(
  {
    auth: "user",
    permission: { project: "MANAGE_PROJECT_LEVEL_CHANGE_REQUESTS", of: (c) => c.params.projectId },
    params,
    status: 204,
    openapi: {
      operationId: "deleteProjectChangeRequest",
      summary: "Delete a segment change request",
      description: "A committed request cannot be deleted (400).",
      tag: "Change requests",
      responses: {
        204: noContent("Deleted."),
        400: ok("The request is committed.", ZBadRequest),
        403: forbidden("The caller lacks MANAGE_PROJECT_LEVEL_CHANGE_REQUESTS"),
        404: notFound("The change request"),
      },
    },
  },
  ({ params }) => deleteProjectChangeRequest(params.projectId, params.projectChangeRequestId),
);
