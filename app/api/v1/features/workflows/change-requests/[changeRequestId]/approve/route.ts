// POST /api/v1/features/workflows/change-requests/{id}/approve/ — approve a change request
import { withApi } from "@/lib/route/handler";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZBadRequest } from "@/lib/api/response-schemas";
import { environmentOfChangeRequest } from "@/lib/change-requests/access";
import { approve } from "@/lib/change-requests/actions";
import { ZChangeRequest } from "@/lib/change-requests/responses";
import { ZChangeRequestParams } from "@/lib/change-requests/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: {
      environment: "APPROVE_CHANGE_REQUEST",
      of: (c) => environmentOfChangeRequest(c.params.changeRequestId),
    },
    params: ZChangeRequestParams,
    openapi: {
      operationId: "approveChangeRequest",
      summary: "Approve a change request",
      description:
        "The author cannot approve their own request (400); when reviewers or groups are assigned, only they may approve (403). Approving twice changes nothing. The author is emailed.",
      tag: "Change requests",
      responses: {
        200: ok("The change request.", ZChangeRequest),
        400: ok("Invalid body, or a rule refuses the action (`{detail}`).", ZBadRequest),
        403: forbidden("The caller lacks APPROVE_CHANGE_REQUEST, or is not an assigned reviewer"),
        404: notFound("The change request"),
      },
    },
  },
  ({ user, params }) => approve({ changeRequestId: params.changeRequestId }, user.id),
);
