// GET/PUT/PATCH/DELETE /api/v1/features/featurestates/{id}/ — one feature state; only overrides can be deleted
import { withApi } from "@/lib/api/handler";
import { environmentOfFeatureState, FEATURE_STATE_KEYS, featureStateScope } from "@/lib/permissions/scope";
import { deleteFeatureState, getFeatureState, updateFeatureState } from "@/lib/overrides/override-states";
import { ZFeatureStateParams, ZFeatureStatePatch, ZFeatureStateUpdate } from "@/lib/overrides/schemas";

type Ctx = { params: { featureStateId: number } };
const view = {
  environment: "VIEW_ENVIRONMENT",
  of: (c: Ctx) => environmentOfFeatureState(c.params.featureStateId),
} as const;
// A segment override's state asks MANAGE_SEGMENT_OVERRIDES, any other UPDATE_FEATURE_STATE.
const change = {
  environment: FEATURE_STATE_KEYS,
  of: (c: Ctx) => featureStateScope(c.params.featureStateId),
} as const;
const params = ZFeatureStateParams;

export const GET = withApi({ auth: "user", permission: view, params }, ({ user, params }) =>
  getFeatureState(user.id, params.featureStateId),
);
export const PUT = withApi(
  { auth: "user", permission: change, params, body: ZFeatureStateUpdate },
  ({ user, params, body }) => updateFeatureState(user.id, params.featureStateId, body),
);
export const PATCH = withApi(
  { auth: "user", permission: change, params, body: ZFeatureStatePatch },
  ({ user, params, body }) => updateFeatureState(user.id, params.featureStateId, body),
);
export const DELETE = withApi({ auth: "user", permission: change, params, status: 204 }, ({ user, params }) =>
  deleteFeatureState(user.id, params.featureStateId),
);
