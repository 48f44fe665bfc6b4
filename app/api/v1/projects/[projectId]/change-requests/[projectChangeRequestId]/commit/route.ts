// POST /api/v1/projects/{id}/change-requests/{cr_id}/commit/ — commit a change request
import { withApi } from "@/lib/route/handler";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZBadRequest } from "@/lib/api/response-schemas";
import { commit } from "@/lib/change-requests/actions";
import { ZProjectChangeRequest, ZConflictBody } from "@/lib/change-requests/responses";
import { ZProjectChangeRequestParams, ZChangeRequestCommit } from "@/lib/change-requests/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { project: "MANAGE_PROJECT_LEVEL_CHANGE_REQUESTS", of: (c) => c.params.projectId },
    params: ZProjectChangeRequestParams,
    body: ZChangeRequestCommit,
    openapi: {
      operationId: "commitProjectChangeRequest",
      summary: "Commit a change request of a project",
      description:
        'Writes the proposal once approvals reach the minimum (400 otherwise), exactly once (409 when committed already). Conflicts with the live state answer 409 unless `ignore_conflicts`. A future `live_from` schedules the change. `{"bypass": true, "reason": ...}` lets an organisation admin commit without the approvals; the audit log records it.',
      tag: "Change requests",
      responses: {
        200: ok("The change request.", ZProjectChangeRequest),
        400: ok("Invalid body, or a rule refuses the action (`{detail}`).", ZBadRequest),
        403: forbidden(
          "The caller lacks MANAGE_PROJECT_LEVEL_CHANGE_REQUESTS, or is not an assigned reviewer",
        ),
        404: notFound("The change request"),
        409: ok(
          "Committed already, or conflicts with the live state (`code`: `change_request_conflicts`; the request lists them).",
          ZConflictBody,
        ),
      },
    },
  },
  ({ user, params, body }) =>
    commit({ changeRequestId: params.projectChangeRequestId, projectId: params.projectId }, user.id, body),
);
