// GET/POST /api/v1/projects/{id}/change-requests/ — the project's segment change requests; propose one
import { withApi } from "@/lib/route/handler";
import { forbidden, invalidBody, invalidQuery, notFound, ok } from "@/lib/openapi/shared";
import {
  createProjectChangeRequest,
  listProjectChangeRequests,
} from "@/lib/change-requests/project-change-requests";
import { ZChangeRequestPage, ZProjectChangeRequest } from "@/lib/change-requests/responses";
import {
  ZChangeRequestListQuery,
  ZProjectChangeRequestCreate,
  ZProjectChangeRequestsParams,
} from "@/lib/change-requests/schemas";

const params = ZProjectChangeRequestsParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params,
    query: ZChangeRequestListQuery,
    openapi: {
      operationId: "listProjectChangeRequests",
      summary: "List the segment change requests of a project",
      description:
        "Newest first, 10 a page unless `page_size`; filters `committed`, `search` (title) and `segment_id`.",
      tag: "Change requests",
      responses: {
        200: ok("A page of change requests.", ZChangeRequestPage),
        400: invalidQuery,
        403: forbidden("The caller lacks VIEW_PROJECT"),
        404: notFound("The project"),
      },
    },
  },
  ({ user, params, query, request }) => listProjectChangeRequests(user.id, params.projectId, request, query),
);

export const POST = withApi(
  {
    auth: "user",
    permission: { project: "CREATE_PROJECT_LEVEL_CHANGE_REQUESTS", of: (c) => c.params.projectId },
    params,
    body: ZProjectChangeRequestCreate,
    status: 201,
    openapi: {
      operationId: "createProjectChangeRequest",
      summary: "Create a segment change request",
      description:
        "Proposes new rules (and optionally name and description) of existing segments of the project; committing replaces them.",
      tag: "Change requests",
      responses: {
        201: ok("The change request.", ZProjectChangeRequest),
        400: invalidBody,
        403: forbidden("The caller lacks CREATE_PROJECT_LEVEL_CHANGE_REQUESTS"),
        404: notFound("The project"),
      },
    },
  },
  ({ user, params, body }) => createProjectChangeRequest(user.id, params.projectId, body),
);
