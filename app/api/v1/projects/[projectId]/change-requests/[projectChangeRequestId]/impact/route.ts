// GET /api/v1/projects/{id}/change-requests/{cr_id}/impact/?environment= — blast radius of a segment change request (Ensign)
import { withApi } from "@/lib/route/handler";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZBadRequest } from "@/lib/api/response-schemas";
import { queryEnvironmentRef } from "@/lib/permissions/scope";
import { projectChangeRequestImpact } from "@/lib/change-requests/impact";
import { ZProjectChangeRequestImpactQuery, ZProjectChangeRequestParams } from "@/lib/change-requests/schemas";
import { ZImpact } from "@/lib/impact/responses";

export const GET = withApi(
  {
    auth: "user",
    // The environment's id or client key, as the query names it; none named: the query's 400.
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => queryEnvironmentRef(c.query.environment) },
    params: ZProjectChangeRequestParams,
    query: ZProjectChangeRequestImpactQuery,
    openapi: {
      operationId: "getProjectChangeRequestImpact",
      summary: "Blast radius of a segment change request in one environment",
      description:
        "Ensign extension. What committing the request's segment rules would do to the stored identities of one environment of the project, through the features the segments override there (in batches, at most `scan_limit` identities). Nothing is written. A committed request answers 400.",
      tag: "Change requests",
      responses: {
        200: ok("The blast radius.", ZImpact),
        400: ok("`environment` is missing, `examples` is invalid, or the request is committed.", ZBadRequest),
        403: forbidden("The caller lacks VIEW_ENVIRONMENT"),
        404: notFound("The project, the change request, or the environment in that project"),
      },
    },
  },
  ({ params, query }) => projectChangeRequestImpact(params.projectId, params.projectChangeRequestId, query),
);
