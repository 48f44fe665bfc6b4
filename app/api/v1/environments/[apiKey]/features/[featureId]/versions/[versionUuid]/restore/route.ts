// POST /api/v1/environments/{api_key}/features/{id}/versions/{uuid}/restore/ — write a version's state back as a new change
import { withApi } from "@/lib/route/handler";
import { restoreFeatureVersion } from "@/lib/versions/restore";
import { ZFeatureVersionParams } from "@/lib/versions/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZFeatureVersion } from "@/lib/versions/responses";

export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "UPDATE_FEATURE_STATE", of: (c) => c.params.apiKey },
    params: ZFeatureVersionParams,
    status: 201,
    openapi: {
      operationId: "restoreFeatureVersion",
      summary: "Restore a version",
      description:
        "Writes the version's environment default and segment overrides back as a new change (audited, and itself a new version). Overrides added since are removed; segments or options deleted since are left out.",
      tag: "Feature versions",
      responses: {
        201: ok("The new version.", ZFeatureVersion),
        404: notFound("The environment, the feature or the version"),
      },
    },
  },
  ({ user, params }) => restoreFeatureVersion({ userId: user.id, ...params }),
);
