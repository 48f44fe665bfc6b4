// GET/PUT/PATCH/DELETE /api/v1/features/featurestates/{id}/ — one feature state; only overrides can be deleted
import { withApi } from "@/lib/route/handler";
import { environmentOfFeatureState, FEATURE_STATE_KEYS, featureStateScope } from "@/lib/permissions/scope";
import { deleteFeatureState, getFeatureState, updateFeatureState } from "@/lib/overrides/override-states";
import { ZFeatureStateParams, ZFeatureStatePatch, ZFeatureStateUpdate } from "@/lib/overrides/schemas";
import { noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZFeatureStateNested } from "@/lib/features/state-responses";
import { ZBadRequest, ZErrorDetail } from "@/lib/api/response-schemas";

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

export const GET = withApi(
  {
    auth: "user",
    permission: view,
    params,
    openapi: {
      operationId: "getFeatureState",
      summary: "Get a feature state",
      tag: "Segment overrides",
      responses: { 200: ok("The feature state.", ZFeatureStateNested), 404: notFound("The feature state") },
    },
  },
  ({ user, params }) => getFeatureState(user.id, params.featureStateId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: change,
    params,
    body: ZFeatureStateUpdate,
    openapi: {
      operationId: "updateFeatureState",
      summary: "Update a feature state",
      tag: "Segment overrides",
      responses: {
        200: ok("The updated feature state.", ZFeatureStateNested),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). The feature, environment or target of a state cannot change.",
          ZBadRequest,
        ),
        404: notFound("The feature state"),
      },
    },
  },
  ({ user, params, body }) => updateFeatureState(user.id, params.featureStateId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission: change,
    params,
    body: ZFeatureStatePatch,
    openapi: {
      operationId: "partialUpdateFeatureState",
      summary: "Partially update a feature state",
      tag: "Segment overrides",
      responses: {
        200: ok("The updated feature state.", ZFeatureStateNested),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). The feature, environment or target of a state cannot change.",
          ZBadRequest,
        ),
        404: notFound("The feature state"),
      },
    },
  },
  ({ user, params, body }) => updateFeatureState(user.id, params.featureStateId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission: change,
    params,
    status: 204,
    openapi: {
      operationId: "deleteFeatureState",
      summary: "Delete an override",
      description: "Deletes a segment or identity override; an environment default cannot be deleted.",
      tag: "Segment overrides",
      responses: {
        204: noContent("The override is deleted."),
        400: ok("The state is an environment default.", ZErrorDetail),
        404: notFound("The feature state"),
      },
    },
  },
  ({ user, params }) => deleteFeatureState(user.id, params.featureStateId),
);
