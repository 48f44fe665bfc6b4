// GET /api/v1/features/workflows/change-requests/{id}/impact/ — blast radius of a pending change request (Ensign)
import { withApi } from "@/lib/route/handler";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZBadRequest } from "@/lib/api/response-schemas";
import { environmentOfChangeRequest } from "@/lib/change-requests/access";
import { changeRequestImpact } from "@/lib/change-requests/impact";
import { ZChangeRequestImpactQuery, ZChangeRequestParams } from "@/lib/change-requests/schemas";
import { ZImpact } from "@/lib/impact/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: {
      environment: "VIEW_ENVIRONMENT",
      of: (c) => environmentOfChangeRequest(c.params.changeRequestId),
    },
    params: ZChangeRequestParams,
    query: ZChangeRequestImpactQuery,
    openapi: {
      operationId: "getChangeRequestImpact",
      summary: "Blast radius of a change request",
      description:
        "Ensign extension. What committing the request would do to the environment's stored identities, computed as `POST /environments/{api_key}/impact/` computes a proposed change (in batches, at most `scan_limit` identities): how many identities change and how, with examples. Nothing is written. A committed request answers 400.",
      tag: "Change requests",
      responses: {
        200: ok("The blast radius.", ZImpact),
        400: ok("`examples` is invalid, or the request is committed.", ZBadRequest),
        403: forbidden("The caller lacks VIEW_ENVIRONMENT"),
        404: notFound("The change request"),
      },
    },
  },
  ({ params, query }) => changeRequestImpact(params.changeRequestId, query),
);
