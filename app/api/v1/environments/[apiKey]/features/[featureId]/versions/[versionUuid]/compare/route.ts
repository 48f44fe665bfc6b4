// GET /api/v1/environments/{api_key}/features/{id}/versions/{uuid}/compare/?compare_with= — what changed between two versions
import { withApi } from "@/lib/route/handler";
import { ZFeatureVersionCompareQuery, ZFeatureVersionParams } from "@/lib/versions/schemas";
import { compareFeatureVersions } from "@/lib/versions/versions";
import { invalidQuery, notFound, ok } from "@/lib/openapi/shared";
import { ZFeatureVersionComparison } from "@/lib/versions/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZFeatureVersionParams,
    query: ZFeatureVersionCompareQuery,
    openapi: {
      operationId: "compareFeatureVersions",
      summary: "Compare two versions",
      description: "The field-level changes from `compare_with` to this version.",
      tag: "Feature versions",
      responses: {
        200: ok("The changes.", ZFeatureVersionComparison),
        400: invalidQuery,
        404: notFound("The environment, the feature, or either version"),
      },
    },
  },
  ({ user, params, query }) => compareFeatureVersions({ userId: user.id, ...params }, query),
);
