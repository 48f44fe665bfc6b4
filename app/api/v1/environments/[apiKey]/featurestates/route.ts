// GET /api/v1/environments/{api_key}/featurestates/ — the environment's default feature states (?feature_name=, ?feature=)
import { withApi } from "@/lib/route/handler";
import { listEnvironmentFeatureStates } from "@/lib/features/environment-states";
import { ZEnvironmentFeatureStatesParams, ZFeatureStateListQuery } from "@/lib/features/schemas";
import { forbidden, ok } from "@/lib/openapi/shared";
import { ZFeatureStatePage } from "@/lib/features/state-responses";
import { ZErrorDetail, ZValidationErrors } from "@/lib/api/response-schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey, hidden: 403 },
    params: ZEnvironmentFeatureStatesParams,
    query: ZFeatureStateListQuery,
    openapi: {
      operationId: "listEnvironmentFeatureStates",
      summary: "List the feature states of an environment",
      description:
        "The environment's default states (one per feature), 10 per page; `feature_name` finds one feature's state.",
      tag: "Feature states",
      responses: {
        200: ok("A page of feature states.", ZFeatureStatePage),
        400: ok("A query parameter is invalid.", ZValidationErrors),
        403: forbidden("The environment does not exist or is not visible to the caller"),
        404: ok("A page past the last one (`Invalid page.`).", ZErrorDetail),
      },
    },
  },
  ({ user, params, query, request }) =>
    listEnvironmentFeatureStates({ userId: user.id, apiKey: params.apiKey }, request, query),
);
