// GET/POST /api/v1/projects/{id}/features/ — a project's features (filtered, sorted, paged); create one
import { withApi } from "@/lib/api/handler";
import { queryId } from "@/lib/permissions/scope";
import { createFeature } from "@/lib/features/features";
import { listFeatures } from "@/lib/features/feature-list";
import {
  ZFeatureCreate,
  ZFeatureDetailQuery,
  ZFeatureListQuery,
  ZProjectFeaturesParams,
} from "@/lib/features/schemas";

const params = ZProjectFeaturesParams;

export const GET = withApi(
  {
    auth: "user",
    permission: {
      project: "VIEW_PROJECT",
      of: (c) => c.params.projectId,
      // The answer carries ?environment='s states and override counts.
      and: { environment: "VIEW_ENVIRONMENT", of: (c) => queryId(c.query.environment), hidden: 403 },
    },
    params,
    query: ZFeatureListQuery,
  },
  ({ user, params, query, request }) =>
    listFeatures({ userId: user.id, projectId: params.projectId }, request, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: {
      project: "CREATE_FEATURE",
      of: (c) => c.params.projectId,
      and: { environment: "VIEW_ENVIRONMENT", of: (c) => queryId(c.query.environment), hidden: 403 },
    },
    params,
    query: ZFeatureDetailQuery,
    body: ZFeatureCreate,
    status: 201,
  },
  ({ user, params, query, body }) =>
    createFeature({ userId: user.id, projectId: params.projectId }, body, query),
);
