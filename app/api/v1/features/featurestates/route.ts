// GET/POST /api/v1/features/featurestates/ — feature states of an environment; create a segment or identity override
import { withApi } from "@/lib/api/handler";
import { queryId } from "@/lib/permissions/scope";
import { createFeatureState, listFeatureStates } from "@/lib/overrides/feature-states";
import { ZFeatureStateCreate, ZFeatureStateListQuery } from "@/lib/overrides/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => queryId(c.query.environment), hidden: 403 },
    query: ZFeatureStateListQuery,
  },
  ({ user, query, request }) => listFeatureStates(user.id, request, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "UPDATE_FEATURE_STATE", of: (c) => c.body.environment, hidden: 403 },
    body: ZFeatureStateCreate,
    status: 201,
  },
  ({ user, body }) => createFeatureState(user.id, body),
);
