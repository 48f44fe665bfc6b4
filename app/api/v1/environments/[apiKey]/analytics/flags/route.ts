// GET /api/v1/environments/{api_key}/analytics/flags/ — evaluation counts per feature per day
import { withApi } from "@/lib/route/handler";
import { ZEnvironmentParams } from "@/lib/environments/schemas";
import { getFlagAnalytics } from "@/lib/sdk/analytics-report";
import { ZFlagAnalyticsQuery } from "@/lib/sdk/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZFlagAnalytics } from "@/lib/sdk/responses";
import { ZValidationErrors } from "@/lib/api/response-schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZEnvironmentParams,
    query: ZFlagAnalyticsQuery,
    openapi: {
      operationId: "getFlagAnalytics",
      summary: "Get flag evaluation counts",
      description: "Counts per feature and UTC day over the last `days` days, as SDKs reported them.",
      tag: "Environments",
      responses: {
        200: ok("Counts by feature name.", ZFlagAnalytics),
        400: ok("`days` is invalid.", ZValidationErrors),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params, query }) => getFlagAnalytics(user.id, params.apiKey, query),
);
