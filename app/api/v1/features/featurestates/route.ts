// GET/POST /api/v1/features/featurestates/ — feature states of an environment; create a segment or identity override
import { withApi } from "@/lib/api/handler";
import { FEATURE_STATE_KEYS, featureStateKey, queryId } from "@/lib/permissions/scope";
import { createFeatureState, listFeatureStates } from "@/lib/overrides/override-states";
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
    // A segment override (with `feature_segment`) asks MANAGE_SEGMENT_OVERRIDES.
    permission: {
      environment: FEATURE_STATE_KEYS,
      of: (c) => ({ scope: c.body.environment, key: featureStateKey(c.body.feature_segment) }),
      hidden: 403,
    },
    body: ZFeatureStateCreate,
    status: 201,
  },
  ({ user, body }) => createFeatureState(user.id, body),
);
