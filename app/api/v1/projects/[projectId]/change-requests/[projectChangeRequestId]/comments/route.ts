// GET/POST /api/v1/projects/{id}/change-requests/{cr_id}/comments/ — comments on a change request
import { withApi } from "@/lib/route/handler";
import { forbidden, invalidBody, notFound, ok } from "@/lib/openapi/shared";
import { comment, comments } from "@/lib/change-requests/actions";
import {
  ZChangeRequestComment as ZCommentAnswer,
  ZChangeRequestComments,
} from "@/lib/change-requests/responses";
import { ZProjectChangeRequestParams, ZChangeRequestComment } from "@/lib/change-requests/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params: ZProjectChangeRequestParams,
    openapi: {
      operationId: "listProjectChangeRequestComments",
      summary: "List the comments on a change request",
      description: "Ensign extension. Oldest first, rejections included (`is_rejection`).",
      tag: "Change requests",
      responses: {
        200: ok("The comments.", ZChangeRequestComments),
        403: forbidden("The caller lacks VIEW_PROJECT"),
        404: notFound("The change request"),
      },
    },
  },
  ({ params }) => comments({ changeRequestId: params.projectChangeRequestId, projectId: params.projectId }),
);

export const POST = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params: ZProjectChangeRequestParams,
    body: ZChangeRequestComment,
    status: 201,
    openapi: {
      operationId: "addProjectChangeRequestComment",
      summary: "Comment on a change request",
      description: "Ensign extension. Anyone who may see the request may comment, also once it is committed.",
      tag: "Change requests",
      responses: {
        201: ok("The comment.", ZCommentAnswer),
        400: invalidBody,
        403: forbidden("The caller lacks VIEW_PROJECT"),
        404: notFound("The change request"),
      },
    },
  },
  ({ user, params, body }) =>
    comment({ changeRequestId: params.projectChangeRequestId, projectId: params.projectId }, user.id, body),
);
