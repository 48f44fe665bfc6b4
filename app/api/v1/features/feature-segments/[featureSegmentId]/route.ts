// GET/DELETE /api/v1/features/feature-segments/{id}/ — one feature segment; deleting removes its override
import { withApi } from "@/lib/route/handler";
import { environmentOfFeatureSegment } from "@/lib/permissions/scope";
import { deleteFeatureSegment, getFeatureSegment } from "@/lib/overrides/feature-segments";
import { ZFeatureSegmentParams } from "@/lib/overrides/schemas";
import { noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZFeatureSegmentListItem } from "@/lib/overrides/responses";

const params = ZFeatureSegmentParams;

export const GET = withApi(
  {
    auth: "user",
    permission: {
      environment: "VIEW_ENVIRONMENT",
      of: (c) => environmentOfFeatureSegment(c.params.featureSegmentId),
    },
    params,
    openapi: {
      operationId: "getFeatureSegment",
      summary: "Get a feature segment",
      tag: "Segment overrides",
      responses: {
        200: ok("The feature segment.", ZFeatureSegmentListItem),
        404: notFound("The feature segment"),
      },
    },
  },
  ({ user, params }) => getFeatureSegment(user.id, params.featureSegmentId),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission: {
      environment: "MANAGE_SEGMENT_OVERRIDES",
      of: (c) => environmentOfFeatureSegment(c.params.featureSegmentId),
    },
    params,
    status: 204,
    openapi: {
      operationId: "deleteFeatureSegment",
      summary: "Delete a feature segment",
      description: "Deletes the link and the segment override that hangs on it.",
      tag: "Segment overrides",
      responses: {
        204: noContent("The feature segment and its override are deleted."),
        404: notFound("The feature segment"),
      },
    },
  },
  ({ user, params }) => deleteFeatureSegment(user.id, params.featureSegmentId),
);
