// GET /api/v1/features/get-by-uuid/{uuid}/ — a feature, by its uuid
import { withApi } from "@/lib/route/handler";
import { ZFeatureUuidParams } from "@/lib/uuid/schemas";
import { getFeatureByUuid } from "@/lib/uuid/lookups";
import { featureOfUuid } from "@/lib/uuid/refs";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZFeature } from "@/lib/features/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: {
      project: "VIEW_PROJECT",
      of: async (c) => (await featureOfUuid(c.params.featureUuid)).projectId,
    },
    params: ZFeatureUuidParams,
    openapi: {
      operationId: "getFeatureByUuid",
      summary: "Get a feature by its uuid",
      description: "The same answer as the feature by id under its project.",
      tag: "Features",
      responses: {
        200: ok("The feature.", ZFeature),
        403: forbidden("The caller lacks VIEW_PROJECT on the feature's project"),
        404: notFound("The feature"),
      },
    },
  },
  ({ user, params }) => getFeatureByUuid(user.id, params.featureUuid),
);
