// POST /api/v1/environments/{api_key}/features/{id}/versions/{uuid}/restore/ — write a version's state back as a new change
import { withApi } from "@/lib/api/handler";
import { restoreFeatureVersion } from "@/lib/versions/restore";
import { ZFeatureVersionParams } from "@/lib/versions/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "UPDATE_FEATURE_STATE", of: (c) => c.params.apiKey },
    params: ZFeatureVersionParams,
    status: 201,
  },
  ({ user, params }) => restoreFeatureVersion({ userId: user.id, ...params }),
);
