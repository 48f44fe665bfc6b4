// GET/PUT/PATCH /api/v1/environments/{api_key}/featurestates/{id}/ — one default feature state; update it
import { withApi } from "@/lib/api/handler";
import { getEnvironmentFeatureState, updateEnvironmentFeatureState } from "@/lib/features/environment-states";
import { ZEnvironmentFeatureStateParams, ZFeatureStateUpdate } from "@/lib/features/schemas";

const params = ZEnvironmentFeatureStateParams;

export const GET = withApi(
  {
    auth: "user",
    permission: {
      environment: "VIEW_ENVIRONMENT",
      of: (c) => c.params.apiKey,
      notFound: "Environment not found.",
    },
    params,
  },
  ({ user, params }) => getEnvironmentFeatureState({ userId: user.id, ...params }),
);
// Flagsmith treats both as partial updates; both answer the full state (see lib/features/environment-states.ts).
export const PUT = withApi(
  {
    auth: "user",
    permission: {
      environment: "UPDATE_FEATURE_STATE",
      of: (c) => c.params.apiKey,
      notFound: "Environment not found.",
    },
    params,
    body: ZFeatureStateUpdate,
  },
  ({ user, params, body }) => updateEnvironmentFeatureState({ userId: user.id, ...params }, body),
);
export const PATCH = PUT;
