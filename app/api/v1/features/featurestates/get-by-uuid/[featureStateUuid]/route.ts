// GET /api/v1/features/featurestates/get-by-uuid/{uuid}/ — a feature state, by its uuid
import { withApi } from "@/lib/route/handler";
import { ZFeatureStateUuidParams } from "@/lib/uuid/schemas";
import { getFeatureStateByUuid } from "@/lib/uuid/lookups";
import { featureStateOfUuid } from "@/lib/uuid/refs";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZFeatureStateNested } from "@/lib/features/state-responses";

export const GET = withApi(
  {
    auth: "user",
    permission: {
      environment: "VIEW_ENVIRONMENT",
      of: async (c) => (await featureStateOfUuid(c.params.featureStateUuid)).environmentId,
    },
    params: ZFeatureStateUuidParams,
    openapi: {
      operationId: "getFeatureStateByUuid",
      summary: "Get a feature state by its uuid",
      description:
        "The same answer as the feature state by id (an environment default, a segment or an identity override).",
      tag: "Segment overrides",
      responses: {
        200: ok("The feature state.", ZFeatureStateNested),
        403: forbidden("The caller lacks VIEW_ENVIRONMENT on the state's environment"),
        404: notFound("The feature state"),
      },
    },
  },
  ({ user, params }) => getFeatureStateByUuid(user.id, params.featureStateUuid),
);
