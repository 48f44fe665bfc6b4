// POST /api/v1/features/workflows/change-requests/{id}/commit/ — commit a change request
import { withApi } from "@/lib/route/handler";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZBadRequest } from "@/lib/api/response-schemas";
import { environmentOfChangeRequest } from "@/lib/change-requests/access";
import { commit } from "@/lib/change-requests/actions";
import { ZChangeRequest, ZConflictBody } from "@/lib/change-requests/responses";
import { ZChangeRequestParams, ZChangeRequestCommit } from "@/lib/change-requests/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: {
      environment: "UPDATE_FEATURE_STATE",
      of: (c) => environmentOfChangeRequest(c.params.changeRequestId),
    },
    params: ZChangeRequestParams,
    body: ZChangeRequestCommit,
    openapi: {
      operationId: "commitChangeRequest",
      summary: "Commit a change request",
      description:
        'Writes the proposal once approvals reach the minimum (400 otherwise), exactly once (409 when committed already). Conflicts with the live state answer 409 unless `ignore_conflicts`. A future `live_from` schedules the change. `{"bypass": true, "reason": ...}` lets an organisation admin commit without the approvals; the audit log records it.',
      tag: "Change requests",
      responses: {
        200: ok("The change request.", ZChangeRequest),
        400: ok("Invalid body, or a rule refuses the action (`{detail}`).", ZBadRequest),
        403: forbidden("The caller lacks UPDATE_FEATURE_STATE, or is not an assigned reviewer"),
        404: notFound("The change request"),
        409: ok(
          "Committed already, or conflicts with the live state (`code`: `change_request_conflicts`; the request lists them).",
          ZConflictBody,
        ),
      },
    },
  },
  ({ user, params, body }) => commit({ changeRequestId: params.changeRequestId }, user.id, body),
);
