// GET /api/v1/environments/{api_key}/features/{id}/versions/{uuid}/compare/?compare_with= — what changed between two versions
import { withApi } from "@/lib/api/handler";
import { ZFeatureVersionCompareQuery, ZFeatureVersionParams } from "@/lib/versions/schemas";
import { compareFeatureVersions } from "@/lib/versions/versions";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZFeatureVersionParams,
    query: ZFeatureVersionCompareQuery,
  },
  ({ user, params, query }) => compareFeatureVersions({ userId: user.id, ...params }, query),
);
