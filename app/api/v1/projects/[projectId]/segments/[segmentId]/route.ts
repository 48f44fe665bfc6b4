// GET/PUT/PATCH/DELETE /api/v1/projects/{id}/segments/{segment_id}/ — one segment and its rules
import { withApi } from "@/lib/api/handler";
import { deleteSegment, getSegment, updateSegment } from "@/lib/segments/segments";
import { ZSegmentParams, ZSegmentPatch, ZSegmentUpdate } from "@/lib/segments/schemas";

const params = ZSegmentParams;
const scope = (userId: number, p: { projectId: number }) => ({ userId, projectId: p.projectId });

export const GET = withApi(
  { auth: "user", permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId }, params },
  ({ user, params }) => getSegment(scope(user.id, params), params.segmentId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { project: "MANAGE_SEGMENTS", of: (c) => c.params.projectId },
    params,
    body: ZSegmentUpdate,
  },
  ({ user, params, body }) => updateSegment(scope(user.id, params), params.segmentId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission: { project: "MANAGE_SEGMENTS", of: (c) => c.params.projectId },
    params,
    body: ZSegmentPatch,
  },
  ({ user, params, body }) => updateSegment(scope(user.id, params), params.segmentId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission: { project: "MANAGE_SEGMENTS", of: (c) => c.params.projectId },
    params,
    status: 204,
  },
  ({ user, params }) => deleteSegment(scope(user.id, params), params.segmentId),
);
