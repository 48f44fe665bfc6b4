// GET /api/v1/projects/{id}/segments/{segment_id}/associated-features/ — the segment's overrides (?environment=)
import { withApi } from "@/lib/route/handler";
import { ZAssociatedFeaturesQuery, ZSegmentParams } from "@/lib/segments/schemas";
import { listAssociatedFeatures } from "@/lib/segments/usage";
import { ok } from "@/lib/openapi/shared";
import { ZSegmentAssociatedFeaturePage } from "@/lib/segments/responses";
import { ZErrorDetail, ZValidationErrors } from "@/lib/api/response-schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params: ZSegmentParams,
    query: ZAssociatedFeaturesQuery,
    openapi: {
      operationId: "listSegmentAssociatedFeatures",
      summary: "List the features a segment overrides",
      description:
        "One row per segment override (feature state) of the segment, in every environment of the project or in `environment`. Up to 999 per page (`page_size`).",
      tag: "Segments",
      responses: {
        200: ok("A page of segment overrides.", ZSegmentAssociatedFeaturePage),
        400: ok("`environment` is not an integer.", ZValidationErrors),
        404: ok(
          "The project or the segment does not exist or is not visible, or the page is past the end.",
          ZErrorDetail,
        ),
      },
    },
  },
  ({ user, params, query, request }) =>
    listAssociatedFeatures(
      { userId: user.id, projectId: params.projectId },
      params.segmentId,
      request,
      query,
    ),
);
