// GET /api/v1/projects/{id}/segments/{segment_id}/associated-features/ — the segment's overrides (?environment=)
import { withApi } from "@/lib/api/handler";
import { ZAssociatedFeaturesQuery, ZSegmentParams } from "@/lib/segments/schemas";
import { listAssociatedFeatures } from "@/lib/segments/usage";

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params: ZSegmentParams,
    query: ZAssociatedFeaturesQuery,
  },
  ({ user, params, query, request }) =>
    listAssociatedFeatures(
      { userId: user.id, projectId: params.projectId },
      params.segmentId,
      request,
      query,
    ),
);
