// GET/PUT/PATCH/DELETE /api/v1/projects/{id}/features/{id}/ — one feature
import { withApi } from "@/lib/api/handler";
import { queryId } from "@/lib/permissions/scope";
import { deleteFeature, getFeature, updateFeature } from "@/lib/features/features";
import { ZFeatureDetailQuery, ZFeatureParams, ZFeatureUpdate } from "@/lib/features/schemas";

const params = ZFeatureParams;

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
    query: ZFeatureDetailQuery,
  },
  ({ user, params, query }) => getFeature({ userId: user.id, ...params }, query),
);
// name, default_enabled and initial_value are read-only after creation, so PUT has nothing
// required and behaves as PATCH does.
export const PUT = withApi(
  {
    auth: "user",
    permission: { project: "CREATE_FEATURE", of: (c) => c.params.projectId },
    params,
    body: ZFeatureUpdate,
  },
  ({ user, params, body }) => updateFeature({ userId: user.id, ...params }, body),
);
export const PATCH = PUT;
export const DELETE = withApi(
  {
    auth: "user",
    permission: { project: "DELETE_FEATURE", of: (c) => c.params.projectId },
    params,
    status: 204,
  },
  ({ user, params }) => deleteFeature({ userId: user.id, ...params }),
);
