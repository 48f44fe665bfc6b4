// GET /api/v1/environments/{api_key}/features/{id}/versions/ — the feature's versions in the environment, newest first
import { withApi } from "@/lib/route/handler";
import { ZFeatureVersionListQuery, ZFeatureVersionsParams } from "@/lib/versions/schemas";
import { listFeatureVersions } from "@/lib/versions/versions";
import { invalidPage, ok } from "@/lib/openapi/shared";
import { ZFeatureVersionPage } from "@/lib/versions/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZFeatureVersionsParams,
    query: ZFeatureVersionListQuery,
    openapi: {
      operationId: "listFeatureVersions",
      summary: "List the versions of a feature in an environment",
      description:
        "Every change to the environment default or the segment overrides, newest first, 10 per page.",
      tag: "Feature versions",
      responses: { 200: ok("A page of versions.", ZFeatureVersionPage), 404: invalidPage },
    },
  },
  ({ user, params, query, request }) =>
    listFeatureVersions(
      { userId: user.id, apiKey: params.apiKey, featureId: params.featureId },
      request,
      query,
    ),
);
