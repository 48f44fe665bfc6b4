// GET/POST /api/v1/projects/{id}/segments/ — a project's segments (?q=, paged); create one
import { withApi } from "@/lib/route/handler";
import { createSegment, listSegments } from "@/lib/segments/segments";
import { ZProjectSegmentsParams, ZSegmentCreate, ZSegmentListQuery } from "@/lib/segments/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZSegment, ZSegmentPage } from "@/lib/segments/responses";
import { ZBadRequest, ZErrorDetail, ZValidationErrors } from "@/lib/api/response-schemas";

const params = ZProjectSegmentsParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params,
    query: ZSegmentListQuery,
    openapi: {
      operationId: "listSegments",
      summary: "List the segments of a project",
      description: "Up to 999 per page (`page_size`), oldest first.",
      tag: "Segments",
      responses: {
        200: ok("A page of segments.", ZSegmentPage),
        400: ok("`include_feature_specific` is not a boolean.", ZValidationErrors),
        404: ok("The project does not exist or is not visible, or the page is past the end.", ZErrorDetail),
      },
    },
  },
  ({ user, params, query, request }) =>
    listSegments({ userId: user.id, projectId: params.projectId }, request, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { project: "MANAGE_SEGMENTS", of: (c) => c.params.projectId },
    params,
    body: ZSegmentCreate,
    status: 201,
    openapi: {
      operationId: "createSegment",
      summary: "Create a segment",
      description:
        "Rules nest two levels at most: top-level rules (usually one ALL) holding rules (usually ANY) holding conditions.",
      tag: "Segments",
      responses: {
        201: ok("The created segment.", ZSegment),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). Rules nested too deep or too many conditions are reported under `segment`; a feature of another project under `feature`.",
          ZBadRequest,
        ),
        403: forbidden("The `feature` named in the body is not visible to the caller"),
        404: notFound("The project"),
      },
    },
  },
  ({ user, params, body }) => createSegment({ userId: user.id, projectId: params.projectId }, body),
);
