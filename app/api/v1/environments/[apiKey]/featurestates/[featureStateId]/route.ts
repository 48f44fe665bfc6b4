// GET/PUT/PATCH /api/v1/environments/{api_key}/featurestates/{id}/ — one default feature state; update it
import { withApi, withDocs } from "@/lib/route/handler";
import { getEnvironmentFeatureState, updateEnvironmentFeatureState } from "@/lib/features/environment-states";
import { ZEnvironmentFeatureStateParams, ZFeatureStateUpdate } from "@/lib/features/schemas";
import { ok } from "@/lib/openapi/shared";
import { ZFeatureState } from "@/lib/features/state-responses";
import { ZBadRequest, ZErrorDetail } from "@/lib/api/response-schemas";

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
    openapi: {
      operationId: "getEnvironmentFeatureState",
      summary: "Get a feature state of an environment",
      tag: "Feature states",
      responses: {
        200: ok("The feature state.", ZFeatureState),
        404: ok(
          "The environment does not exist or is not visible (`Environment not found.`), or the feature state is not one of its defaults (`Not found.`).",
          ZErrorDetail,
        ),
      },
    },
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
    openapi: {
      operationId: "updateEnvironmentFeatureState",
      summary: "Update a feature state",
      description:
        "Changes `enabled` and the value; fields left out stay (PUT works as PATCH, as in Flagsmith).",
      tag: "Feature states",
      responses: {
        200: ok("The updated feature state.", ZFeatureState),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). Multivariate shares above 100 in total are a `non_field_errors`; an option of another organisation is unknown, like an id that names nothing.",
          ZBadRequest,
        ),
        404: ok(
          "The environment does not exist or is not visible (`Environment not found.`), or the feature state is not one of its defaults (`Not found.`).",
          ZErrorDetail,
        ),
      },
    },
  },
  ({ user, params, body }) => updateEnvironmentFeatureState({ userId: user.id, ...params }, body),
);
export const PATCH = withDocs(PUT, {
  operationId: "partialUpdateEnvironmentFeatureState",
  summary: "Partially update a feature state",
  description: "Changes `enabled` and the value; fields left out stay.",
});
