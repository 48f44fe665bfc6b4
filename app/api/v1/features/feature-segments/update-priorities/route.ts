// POST /api/v1/features/feature-segments/update-priorities/ — reorder the segment overrides of a feature
import { withApi } from "@/lib/api/handler";
import { updateFeatureSegmentPriorities } from "@/lib/overrides/feature-segments";
import { ZFeatureSegmentPriorities } from "@/lib/overrides/schemas";

export const POST = withApi({ auth: "user", body: ZFeatureSegmentPriorities }, ({ user, body }) =>
  updateFeatureSegmentPriorities(user.id, body),
);
