// GET /api/v1/environments/{api_key}/analytics/flags/ — evaluation counts per feature per day
import { withApi } from "@/lib/api/handler";
import { ZEnvironmentParams } from "@/lib/environments/schemas";
import { getFlagAnalytics } from "@/lib/sdk/analytics-report";
import { ZFlagAnalyticsQuery } from "@/lib/sdk/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZEnvironmentParams,
    query: ZFlagAnalyticsQuery,
  },
  ({ user, params, query }) => getFlagAnalytics(user.id, params.apiKey, query),
);
