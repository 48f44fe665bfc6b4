// POST /api/v1/features/workflows/change-requests/{id}/reject/ — reject a change request with a comment
import { withApi } from "@/lib/route/handler";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZBadRequest } from "@/lib/api/response-schemas";
import { environmentOfChangeRequest } from "@/lib/change-requests/access";
import { reject } from "@/lib/change-requests/actions";
import { ZChangeRequest } from "@/lib/change-requests/responses";
import { ZChangeRequestParams, ZChangeRequestComment } from "@/lib/change-requests/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: {
      environment: "APPROVE_CHANGE_REQUEST",
      of: (c) => environmentOfChangeRequest(c.params.changeRequestId),
    },
    params: ZChangeRequestParams,
    body: ZChangeRequestComment,
    openapi: {
      operationId: "rejectChangeRequest",
      summary: "Reject a change request with a comment",
      description:
        "Ensign extension. Same reviewers as approve; the request cannot be committed until it is edited. The reviewer's own approval is withdrawn; the author is emailed.",
      tag: "Change requests",
      responses: {
        200: ok("The change request.", ZChangeRequest),
        400: ok("Invalid body, or a rule refuses the action (`{detail}`).", ZBadRequest),
        403: forbidden("The caller lacks APPROVE_CHANGE_REQUEST, or is not an assigned reviewer"),
        404: notFound("The change request"),
      },
    },
  },
  ({ user, params, body }) => reject({ changeRequestId: params.changeRequestId }, user.id, body),
);
