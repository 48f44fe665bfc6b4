// GET/PUT/PATCH/DELETE /api/v1/projects/{id}/segments/{segment_id}/ — one segment and its rules
import { withApi } from "@/lib/route/handler";
import { deleteSegment, getSegment, updateSegment } from "@/lib/segments/segments";
import { ZSegmentParams, ZSegmentPatch, ZSegmentUpdate } from "@/lib/segments/schemas";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZSegment } from "@/lib/segments/responses";
import { ZBadRequest } from "@/lib/api/response-schemas";

const params = ZSegmentParams;
const scope = (userId: number, p: { projectId: number }) => ({ userId, projectId: p.projectId });

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params,
    openapi: {
      operationId: "getSegment",
      summary: "Get a segment",
      tag: "Segments",
      responses: {
        200: ok("The segment with its rules.", ZSegment),
        404: notFound("The project or the segment"),
      },
    },
  },
  ({ user, params }) => getSegment(scope(user.id, params), params.segmentId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { project: "MANAGE_SEGMENTS", of: (c) => c.params.projectId },
    params,
    body: ZSegmentUpdate,
    openapi: {
      operationId: "updateSegment",
      summary: "Replace a segment",
      description: "Replaces the segment and its whole rule tree.",
      tag: "Segments",
      responses: {
        200: ok("The updated segment.", ZSegment),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). Rules nested too deep or too many conditions are reported under `segment`; a feature of another project under `feature`.",
          ZBadRequest,
        ),
        403: forbidden("The `feature` named in the body is not visible to the caller"),
        404: notFound("The project or the segment"),
      },
    },
  },
  ({ user, params, body }) => updateSegment(scope(user.id, params), params.segmentId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission: { project: "MANAGE_SEGMENTS", of: (c) => c.params.projectId },
    params,
    body: ZSegmentPatch,
    openapi: {
      operationId: "partialUpdateSegment",
      summary: "Partially update a segment",
      description: "Changes the fields sent; `rules`, when sent, replace the whole rule tree.",
      tag: "Segments",
      responses: {
        200: ok("The updated segment.", ZSegment),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). Rules nested too deep or too many conditions are reported under `segment`; a feature of another project under `feature`.",
          ZBadRequest,
        ),
        403: forbidden("The `feature` named in the body is not visible to the caller"),
        404: notFound("The project or the segment"),
      },
    },
  },
  ({ user, params, body }) => updateSegment(scope(user.id, params), params.segmentId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission: { project: "MANAGE_SEGMENTS", of: (c) => c.params.projectId },
    params,
    status: 204,
    openapi: {
      operationId: "deleteSegment",
      summary: "Delete a segment",
      description: "Deletes the segment with its rules and its overrides.",
      tag: "Segments",
      responses: { 204: noContent("The segment is deleted."), 404: notFound("The project or the segment") },
    },
  },
  ({ user, params }) => deleteSegment(scope(user.id, params), params.segmentId),
);
