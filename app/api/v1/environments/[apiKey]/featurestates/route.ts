// GET /api/v1/environments/{api_key}/featurestates/ — the environment's default feature states (?feature_name=, ?feature=)
import { withApi } from "@/lib/api/handler";
import { listEnvironmentFeatureStates } from "@/lib/features/environment-states";
import { ZEnvironmentFeatureStatesParams, ZFeatureStateListQuery } from "@/lib/features/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey, hidden: 403 },
    params: ZEnvironmentFeatureStatesParams,
    query: ZFeatureStateListQuery,
  },
  ({ user, params, query, request }) =>
    listEnvironmentFeatureStates({ userId: user.id, apiKey: params.apiKey }, request, query),
);
