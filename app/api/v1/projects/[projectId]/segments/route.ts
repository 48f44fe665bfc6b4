// GET/POST /api/v1/projects/{id}/segments/ — a project's segments (?q=, paged); create one
import { withApi } from "@/lib/api/handler";
import { createSegment, listSegments } from "@/lib/segments/segments";
import { ZProjectSegmentsParams, ZSegmentCreate, ZSegmentListQuery } from "@/lib/segments/schemas";

const params = ZProjectSegmentsParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params,
    query: ZSegmentListQuery,
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
  },
  ({ user, params, body }) => createSegment({ userId: user.id, projectId: params.projectId }, body),
);
