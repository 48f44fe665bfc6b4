// GET/PUT/PATCH/DELETE /api/v1/projects/{id}/features/{id}/ — one feature
import { withApi, withDocs } from "@/lib/route/handler";
import { queryId } from "@/lib/permissions/scope";
import { deleteFeature, getFeature, updateFeature } from "@/lib/features/features";
import { ZFeatureDetailQuery, ZFeatureParams, ZFeatureUpdate } from "@/lib/features/schemas";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZFeature } from "@/lib/features/responses";
import { ZValidationErrors } from "@/lib/api/response-schemas";

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
    openapi: {
      operationId: "getFeature",
      summary: "Get a feature",
      tag: "Features",
      paramDocs: {
        environment: "Numeric id of an environment of the project: adds the feature's state there.",
      },
      responses: {
        200: ok("The feature.", ZFeature),
        400: ok("`environment` is not an integer.", ZValidationErrors),
        403: forbidden(
          "The caller lacks VIEW_PROJECT (CREATE_FEATURE to create), or VIEW_ENVIRONMENT on the environment of `?environment=`, or that environment does not exist",
        ),
        404: notFound("The project, the feature (or the environment of `?environment=`)"),
      },
    },
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
    openapi: {
      operationId: "updateFeature",
      summary: "Update a feature",
      description:
        "`name`, `default_enabled` and `initial_value` cannot change after creation; PUT works as PATCH.",
      tag: "Features",
      responses: { 200: ok("The updated feature.", ZFeature), 404: notFound("The project or the feature") },
    },
  },
  ({ user, params, body }) => updateFeature({ userId: user.id, ...params }, body),
);
export const PATCH = withDocs(PUT, {
  operationId: "partialUpdateFeature",
  summary: "Partially update a feature",
  description: undefined,
});
export const DELETE = withApi(
  {
    auth: "user",
    permission: { project: "DELETE_FEATURE", of: (c) => c.params.projectId },
    params,
    status: 204,
    openapi: {
      operationId: "deleteFeature",
      summary: "Delete a feature",
      description: "Deletes the feature with its states and overrides in every environment.",
      tag: "Features",
      responses: { 204: noContent("The feature is deleted."), 404: notFound("The project or the feature") },
    },
  },
  ({ user, params }) => deleteFeature({ userId: user.id, ...params }),
);
