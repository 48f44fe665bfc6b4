// POST /api/v1/projects/{id}/segments/{segment_id}/versions/{segment_version_id}/restore/ — bring a version's rules back (Ensign)
import { withApi } from "@/lib/route/handler";
import { restoreSegmentVersion } from "@/lib/segments/versions";
import { ZSegmentVersionParams } from "@/lib/segments/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZSegment } from "@/lib/segments/responses";

export const POST = withApi(
  {
    auth: "user",
    permission: { project: "MANAGE_SEGMENTS", of: (c) => c.params.projectId },
    params: ZSegmentVersionParams,
    openapi: {
      operationId: "restoreSegmentVersion",
      summary: "Restore a segment version",
      description:
        "Ensign extension. Makes the version's name, description and rules the segment's again, in one audited change; the state it replaces is kept as a new version.",
      tag: "Segments",
      responses: {
        200: ok("The segment as restored.", ZSegment),
        404: notFound("The project, the segment or the version"),
      },
    },
  },
  ({ user, params }) =>
    restoreSegmentVersion(
      { userId: user.id, projectId: params.projectId },
      params.segmentId,
      params.segmentVersionId,
    ),
);
