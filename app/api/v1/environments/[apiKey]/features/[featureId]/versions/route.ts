// GET /api/v1/environments/{api_key}/features/{id}/versions/ — the feature's versions in the environment, newest first
import { withApi } from "@/lib/api/handler";
import { ZFeatureVersionListQuery, ZFeatureVersionsParams } from "@/lib/versions/schemas";
import { listFeatureVersions } from "@/lib/versions/versions";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZFeatureVersionsParams,
    query: ZFeatureVersionListQuery,
  },
  ({ user, params, query, request }) =>
    listFeatureVersions(
      { userId: user.id, apiKey: params.apiKey, featureId: params.featureId },
      request,
      query,
    ),
);
