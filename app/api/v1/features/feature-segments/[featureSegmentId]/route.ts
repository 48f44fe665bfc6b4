// GET/DELETE /api/v1/features/feature-segments/{id}/ — one feature segment; deleting removes its override
import { withApi } from "@/lib/api/handler";
import { environmentOfFeatureSegment } from "@/lib/permissions/scope";
import { deleteFeatureSegment, getFeatureSegment } from "@/lib/overrides/feature-segments";
import { ZFeatureSegmentParams } from "@/lib/overrides/schemas";

const params = ZFeatureSegmentParams;

export const GET = withApi(
  {
    auth: "user",
    permission: {
      environment: "VIEW_ENVIRONMENT",
      of: (c) => environmentOfFeatureSegment(c.params.featureSegmentId),
    },
    params,
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
  },
  ({ user, params }) => deleteFeatureSegment(user.id, params.featureSegmentId),
);
