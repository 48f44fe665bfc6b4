// GET /api/v1/segments/get-by-uuid/{uuid}/ — a segment with its rules, by its uuid
import { withApi } from "@/lib/route/handler";
import { ZSegmentUuidParams } from "@/lib/uuid/schemas";
import { getSegmentByUuid } from "@/lib/uuid/lookups";
import { segmentOfUuid } from "@/lib/uuid/refs";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZSegment } from "@/lib/segments/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: {
      project: "VIEW_PROJECT",
      of: async (c) => (await segmentOfUuid(c.params.segmentUuid)).projectId,
    },
    params: ZSegmentUuidParams,
    openapi: {
      operationId: "getSegmentByUuid",
      summary: "Get a segment by its uuid",
      description: "The same answer as the segment by id under its project.",
      tag: "Segments",
      responses: {
        200: ok("The segment with its rules.", ZSegment),
        403: forbidden("The caller lacks VIEW_PROJECT on the segment's project"),
        404: notFound("The segment"),
      },
    },
  },
  ({ user, params }) => getSegmentByUuid(user.id, params.segmentUuid),
);
