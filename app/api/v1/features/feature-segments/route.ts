// GET/POST /api/v1/features/feature-segments/ — feature segments of a feature in an environment; create one
import { withApi } from "@/lib/api/handler";
import { queryId } from "@/lib/permissions/scope";
import { createFeatureSegment, listFeatureSegments } from "@/lib/overrides/feature-segments";
import { ZFeatureSegmentCreate, ZFeatureSegmentListQuery } from "@/lib/overrides/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => queryId(c.query.environment), hidden: 403 },
    query: ZFeatureSegmentListQuery,
  },
  ({ user, query, request }) => listFeatureSegments(user.id, request, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_SEGMENT_OVERRIDES", of: (c) => c.body.environment, hidden: 403 },
    body: ZFeatureSegmentCreate,
    status: 201,
  },
  ({ user, body }) => createFeatureSegment(user.id, body),
);
