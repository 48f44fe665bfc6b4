import {
  ZEnvironmentFeatureStateParams,
  ZEnvironmentFeatureStatesParams,
  ZFeatureStateListQuery,
  ZFeatureStateUpdate,
} from "@/lib/features/schemas";
import { ZErrorDetail, ZValidationErrors } from "../responses/common";
import { ZFeatureState, ZFeatureStatePage } from "../responses/feature-states";
import type { Operation } from "../types";
import { forbidden, invalidBody, notAuthenticated, ok } from "./shared";

const tag = "Feature states";
const path = "/api/v1/environments/{apiKey}/featurestates/{featureStateId}/";
const stateNotFound = {
  description:
    "The environment does not exist or is not visible (`Environment not found.`), or the feature state is not one of its defaults (`Not found.`).",
  schema: ZErrorDetail,
};
const update = {
  path,
  tag,
  security: "token",
  params: ZEnvironmentFeatureStateParams,
  body: ZFeatureStateUpdate,
  status: 200,
  responses: {
    200: ok("The updated feature state.", ZFeatureState),
    400: {
      ...invalidBody,
      description: `${invalidBody.description} Multivariate shares above 100 in total are a \`non_field_errors\`; an option of another organisation is unknown, like an id that names nothing.`,
    },
    401: notAuthenticated,
    404: stateNotFound,
  },
} satisfies Omit<Operation, "method" | "operationId" | "summary">;

export const featureStateOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/environments/{apiKey}/featurestates/",
    operationId: "listEnvironmentFeatureStates",
    summary: "List the feature states of an environment",
    description:
      "The environment's default states (one per feature), 10 per page; `feature_name` finds one feature's state.",
    tag,
    security: "token",
    params: ZEnvironmentFeatureStatesParams,
    query: ZFeatureStateListQuery,
    status: 200,
    responses: {
      200: ok("A page of feature states.", ZFeatureStatePage),
      400: { description: "A query parameter is invalid.", schema: ZValidationErrors },
      401: notAuthenticated,
      403: forbidden("The environment does not exist or is not visible to the caller"),
      404: { description: "A page past the last one (`Invalid page.`).", schema: ZErrorDetail },
    },
  },
  {
    method: "get",
    path,
    operationId: "getEnvironmentFeatureState",
    summary: "Get a feature state of an environment",
    tag,
    security: "token",
    params: ZEnvironmentFeatureStateParams,
    status: 200,
    responses: { 200: ok("The feature state.", ZFeatureState), 401: notAuthenticated, 404: stateNotFound },
  },
  {
    ...update,
    method: "put",
    operationId: "updateEnvironmentFeatureState",
    summary: "Update a feature state",
    description:
      "Changes `enabled` and the value; fields left out stay (PUT works as PATCH, as in Flagsmith).",
  },
  {
    ...update,
    method: "patch",
    operationId: "partialUpdateEnvironmentFeatureState",
    summary: "Partially update a feature state",
    description: "Changes `enabled` and the value; fields left out stay.",
  },
];
