// GET/PUT/PATCH/DELETE /api/v1/features/featurestates/{id}/ — one feature state; only overrides can be deleted
import { withApi } from "@/lib/api/handler";
import { environmentOfFeatureState } from "@/lib/permissions/scope";
import { deleteFeatureState, getFeatureState, updateFeatureState } from "@/lib/overrides/feature-states";
import { ZFeatureStateParams, ZFeatureStatePatch, ZFeatureStateUpdate } from "@/lib/overrides/schemas";

const params = ZFeatureStateParams;

export const GET = withApi(
  {
    auth: "user",
    permission: {
      environment: "VIEW_ENVIRONMENT",
      of: (c) => environmentOfFeatureState(c.params.featureStateId),
    },
    params,
  },
  ({ user, params }) => getFeatureState(user.id, params.featureStateId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: {
      environment: "UPDATE_FEATURE_STATE",
      of: (c) => environmentOfFeatureState(c.params.featureStateId),
    },
    params,
    body: ZFeatureStateUpdate,
  },
  ({ user, params, body }) => updateFeatureState(user.id, params.featureStateId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission: {
      environment: "UPDATE_FEATURE_STATE",
      of: (c) => environmentOfFeatureState(c.params.featureStateId),
    },
    params,
    body: ZFeatureStatePatch,
  },
  ({ user, params, body }) => updateFeatureState(user.id, params.featureStateId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission: {
      environment: "UPDATE_FEATURE_STATE",
      of: (c) => environmentOfFeatureState(c.params.featureStateId),
    },
    params,
    status: 204,
  },
  ({ user, params }) => deleteFeatureState(user.id, params.featureStateId),
);
