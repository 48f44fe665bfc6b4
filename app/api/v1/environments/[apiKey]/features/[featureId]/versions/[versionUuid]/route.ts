// GET /api/v1/environments/{api_key}/features/{id}/versions/{uuid}/ — one version with its state
import { withApi } from "@/lib/route/handler";
import { ZFeatureVersionParams } from "@/lib/versions/schemas";
import { getFeatureVersion } from "@/lib/versions/versions";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZFeatureVersion } from "@/lib/versions/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZFeatureVersionParams,
    openapi: {
      operationId: "getFeatureVersion",
      summary: "Get one version of a feature in an environment",
      tag: "Feature versions",
      responses: {
        200: ok("The version.", ZFeatureVersion),
        404: notFound("The environment, the feature or the version"),
      },
    },
  },
  ({ user, params }) => getFeatureVersion({ userId: user.id, ...params }),
);
