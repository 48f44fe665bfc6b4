// GET /api/v1/projects/{id}/segments/{segment_id}/versions/ — the segment's history, newest first (Ensign)
import { withApi } from "@/lib/route/handler";
import { listSegmentVersions } from "@/lib/segments/versions";
import { ZSegmentParams, ZSegmentVersionListQuery } from "@/lib/segments/schemas";
import { invalidQuery, notFound, ok } from "@/lib/openapi/shared";
import { ZSegmentVersionPage } from "@/lib/segments/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params: ZSegmentParams,
    query: ZSegmentVersionListQuery,
    openapi: {
      operationId: "listSegmentVersions",
      summary: "List a segment's versions",
      description:
        "Ensign extension. Every change of a segment's rules (update, restore, committed change request) keeps the segment as it was before as a version; newest first.",
      tag: "Segments",
      responses: {
        200: ok("A page of versions.", ZSegmentVersionPage),
        400: invalidQuery,
        404: notFound("The project or the segment, or a page past the last one (`Invalid page.`)"),
      },
    },
  },
  ({ user, params, query, request }) =>
    listSegmentVersions({ userId: user.id, projectId: params.projectId }, params.segmentId, request, query),
);
