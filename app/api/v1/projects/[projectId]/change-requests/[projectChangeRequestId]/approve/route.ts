// POST /api/v1/projects/{id}/change-requests/{cr_id}/approve/ — approve a change request
import { withApi } from "@/lib/route/handler";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZBadRequest } from "@/lib/api/response-schemas";
import { approve } from "@/lib/change-requests/actions";
import { ZProjectChangeRequest } from "@/lib/change-requests/responses";
import { ZProjectChangeRequestParams } from "@/lib/change-requests/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { project: "APPROVE_PROJECT_LEVEL_CHANGE_REQUESTS", of: (c) => c.params.projectId },
    params: ZProjectChangeRequestParams,
    openapi: {
      operationId: "approveProjectChangeRequest",
      summary: "Approve a change request of a project",
      description:
        "The author cannot approve their own request (400); when reviewers or groups are assigned, only they may approve (403). Approving twice changes nothing. The author is emailed.",
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
  ({ user, params }) =>
    approve({ changeRequestId: params.projectChangeRequestId, projectId: params.projectId }, user.id),
);
