// GET/DELETE /api/v1/features/feature-segments/{id}/ — one feature segment; deleting removes its override
import { withApi } from "@/lib/api/handler";
import { deleteFeatureSegment, getFeatureSegment } from "@/lib/overrides/feature-segments";
import { ZFeatureSegmentParams } from "@/lib/overrides/schemas";

const params = ZFeatureSegmentParams;

export const GET = withApi({ auth: "user", params }, ({ user, params }) =>
  getFeatureSegment(user.id, params.featureSegmentId),
);
export const DELETE = withApi({ auth: "user", params, status: 204 }, ({ user, params }) =>
  deleteFeatureSegment(user.id, params.featureSegmentId),
);
