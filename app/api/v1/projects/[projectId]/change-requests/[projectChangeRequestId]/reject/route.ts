// POST /api/v1/projects/{id}/change-requests/{cr_id}/reject/ — reject a change request with a comment
import { withApi } from "@/lib/route/handler";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZBadRequest } from "@/lib/api/response-schemas";
import { reject } from "@/lib/change-requests/actions";
import { ZProjectChangeRequest } from "@/lib/change-requests/responses";
import { ZProjectChangeRequestParams, ZChangeRequestComment } from "@/lib/change-requests/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { project: "APPROVE_PROJECT_LEVEL_CHANGE_REQUESTS", of: (c) => c.params.projectId },
    params: ZProjectChangeRequestParams,
    body: ZChangeRequestComment,
    openapi: {
      operationId: "rejectProjectChangeRequest",
      summary: "Reject a change request with a comment of a project",
      description:
        "Ensign extension. Same reviewers as approve; the request cannot be committed until it is edited. The reviewer's own approval is withdrawn; the author is emailed.",
      tag: "Change requests",
      responses: {
        200: ok("The change request.", ZProjectChangeRequest),
        400: ok("Invalid body, or a rule refuses the action (`{detail}`).", ZBadRequest),
        403: forbidden(
          "The caller lacks APPROVE_PROJECT_LEVEL_CHANGE_REQUESTS, or is not an assigned reviewer",
        ),
        404: notFound("The change request"),
      },
    },
  },
  ({ user, params, body }) =>
    reject({ changeRequestId: params.projectChangeRequestId, projectId: params.projectId }, user.id, body),
);
