// GET/POST /api/v1/features/workflows/change-requests/{id}/comments/ — comments on a change request
import { withApi } from "@/lib/route/handler";
import { forbidden, invalidBody, notFound, ok } from "@/lib/openapi/shared";
import { environmentOfChangeRequest } from "@/lib/change-requests/access";
import { comment, comments } from "@/lib/change-requests/actions";
import {
  ZChangeRequestComment as ZCommentAnswer,
  ZChangeRequestComments,
} from "@/lib/change-requests/responses";
import { ZChangeRequestParams, ZChangeRequestComment } from "@/lib/change-requests/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: {
      environment: "VIEW_ENVIRONMENT",
      of: (c) => environmentOfChangeRequest(c.params.changeRequestId),
    },
    params: ZChangeRequestParams,
    openapi: {
      operationId: "listChangeRequestComments",
      summary: "List the comments on a change request",
      description: "Ensign extension. Oldest first, rejections included (`is_rejection`).",
      tag: "Change requests",
      responses: {
        200: ok("The comments.", ZChangeRequestComments),
        403: forbidden("The caller lacks VIEW_ENVIRONMENT"),
        404: notFound("The change request"),
      },
    },
  },
  ({ params }) => comments({ changeRequestId: params.changeRequestId }),
);

export const POST = withApi(
  {
    auth: "user",
    permission: {
      environment: "VIEW_ENVIRONMENT",
      of: (c) => environmentOfChangeRequest(c.params.changeRequestId),
    },
    params: ZChangeRequestParams,
    body: ZChangeRequestComment,
    status: 201,
    openapi: {
      operationId: "addChangeRequestComment",
      summary: "Comment on a change request",
      description: "Ensign extension. Anyone who may see the request may comment, also once it is committed.",
      tag: "Change requests",
      responses: {
        201: ok("The comment.", ZCommentAnswer),
        400: invalidBody,
        403: forbidden("The caller lacks VIEW_ENVIRONMENT"),
        404: notFound("The change request"),
      },
    },
  },
  ({ user, params, body }) => comment({ changeRequestId: params.changeRequestId }, user.id, body),
);
