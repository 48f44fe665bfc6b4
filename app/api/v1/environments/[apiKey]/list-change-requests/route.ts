// GET /api/v1/environments/{api_key}/list-change-requests/ — the environment's change requests, newest first
import { withApi } from "@/lib/route/handler";
import { forbidden, invalidQuery, notFound, ok } from "@/lib/openapi/shared";
import { listChangeRequests } from "@/lib/change-requests/change-requests";
import { ZChangeRequestPage } from "@/lib/change-requests/responses";
import { ZChangeRequestListQuery, ZEnvironmentChangeRequestsParams } from "@/lib/change-requests/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZEnvironmentChangeRequestsParams,
    query: ZChangeRequestListQuery,
    openapi: {
      operationId: "listChangeRequests",
      summary: "List the change requests of an environment",
      description:
        "Newest first, 10 a page unless `page_size`; filters `committed`, `search` (title) and `feature_id`.",
      tag: "Change requests",
      responses: {
        200: ok("A page of change requests.", ZChangeRequestPage),
        400: invalidQuery,
        403: forbidden("The caller lacks VIEW_ENVIRONMENT"),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params, query, request }) => listChangeRequests(user.id, params.apiKey, request, query),
);
