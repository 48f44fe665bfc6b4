// POST /api/v1/features/feature-segments/update-priorities/ — reorder the segment overrides of a feature
import { withApi } from "@/lib/api/handler";
import { environmentOfFeatureSegments } from "@/lib/permissions/scope";
import { updateFeatureSegmentPriorities } from "@/lib/overrides/feature-segments";
import { ZFeatureSegmentPriorities } from "@/lib/overrides/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: {
      environment: "MANAGE_SEGMENT_OVERRIDES",
      of: (c) => environmentOfFeatureSegments(c.user.id, c.body),
      hidden: 403,
    },
    body: ZFeatureSegmentPriorities,
  },
  ({ user, body }) => updateFeatureSegmentPriorities(user.id, body),
);
