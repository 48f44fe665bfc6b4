// GET /api/v1/environments/{api_key}/features/{id}/versions/{uuid}/ — one version with its state
import { withApi } from "@/lib/api/handler";
import { ZFeatureVersionParams } from "@/lib/versions/schemas";
import { getFeatureVersion } from "@/lib/versions/versions";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZFeatureVersionParams,
  },
  ({ user, params }) => getFeatureVersion({ userId: user.id, ...params }),
);
