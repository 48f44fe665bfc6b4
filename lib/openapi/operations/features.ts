import {
  ZFeatureCreate,
  ZFeatureGroupOwnersInput,
  ZFeatureDetailQuery,
  ZFeatureListQuery,
  ZFeatureOwnersInput,
  ZFeatureParams,
  ZFeatureUpdate,
  ZMultivariateOptionCreate,
  ZMultivariateOptionParams,
  ZProjectFeaturesParams,
} from "@/lib/features/schemas";
import { ZPageQuery } from "@/lib/api/pagination";
import { z } from "zod";
import { ZErrorList, ZValidationErrors } from "../responses/common";
import {
  ZFeature,
  ZFeaturePage,
  ZMultivariateOption,
  ZMultivariateOptionPage,
  ZOwnedFeature,
} from "../responses/features";
import type { Operation } from "../types";
import { forbidden, invalidBody, invalidPage, noContent, notAuthenticated, notFound, ok } from "./shared";

const tag = "Features";
const listPath = "/api/v1/projects/{projectId}/features/";
const path = "/api/v1/projects/{projectId}/features/{featureId}/";
const optionsPath = "/api/v1/projects/{projectId}/features/{featureId}/mv-options/";
const optionPath = "/api/v1/projects/{projectId}/features/{featureId}/mv-options/{optionId}/";
const paramDocs = {
  environment: "Numeric id of an environment of the project: adds the feature's state there.",
};

const featureUpdate = {
  path,
  tag,
  security: "token",
  params: ZFeatureParams,
  body: ZFeatureUpdate,
  status: 200,
  responses: {
    200: ok("The updated feature.", ZFeature),
    400: invalidBody,
    401: notAuthenticated,
    404: notFound("The project or the feature"),
  },
} satisfies Omit<Operation, "method" | "operationId" | "summary">;

const optionFeatureForbidden = forbidden("The `feature` named in the body is not visible to the caller");
const optionUpdate = {
  path: optionPath,
  tag,
  security: "token",
  params: ZMultivariateOptionParams,
  body: ZMultivariateOptionCreate,
  status: 200,
  responses: {
    200: ok("The updated option.", ZMultivariateOption),
    400: invalidBody,
    401: notAuthenticated,
    403: optionFeatureForbidden,
    404: notFound("The project, the feature or the option"),
  },
} satisfies Omit<Operation, "method" | "operationId" | "summary">;

const ownersOperation = (action: "add" | "remove") =>
  ({
    method: "post",
    path: `${path}${action}-owners/`,
    operationId: action === "add" ? "addFeatureOwners" : "removeFeatureOwners",
    summary: action === "add" ? "Add owners to a feature" : "Remove owners from a feature",
    description:
      action === "add"
        ? "Every user must be a member of the project's organisation, else nothing changes."
        : "Users that are not owners are ignored.",
    tag,
    security: "token",
    params: ZFeatureParams,
    body: ZFeatureOwnersInput,
    status: 200,
    responses: {
      200: ok("The feature with its owners.", ZOwnedFeature),
      400: {
        description: "The body is invalid (field errors), or a user is not a member (a bare list).",
        schema: z.union([ZValidationErrors, ZErrorList]),
      },
      401: notAuthenticated,
      404: notFound("The project or the feature"),
    },
  }) satisfies Operation;

const groupOwnersOperation = (action: "add" | "remove") =>
  ({
    method: "post",
    path: `${path}${action}-group-owners/`,
    operationId: action === "add" ? "addFeatureGroupOwners" : "removeFeatureGroupOwners",
    summary: action === "add" ? "Add group owners to a feature" : "Remove group owners from a feature",
    description:
      action === "add"
        ? "Every group must belong to the project's organisation, else nothing changes."
        : "Groups that are not owners are ignored.",
    tag,
    security: "token",
    params: ZFeatureParams,
    body: ZFeatureGroupOwnersInput,
    status: 200,
    responses: {
      200: ok("The feature with its owners.", ZOwnedFeature),
      400: {
        description:
          "The body is invalid (field errors), or a group is unknown or of another organisation (a bare list).",
        schema: z.union([ZValidationErrors, ZErrorList]),
      },
      401: notAuthenticated,
      404: notFound("The project or the feature"),
    },
  }) satisfies Operation;

export const featureOperations: Operation[] = [
  ownersOperation("add"),
  ownersOperation("remove"),
  groupOwnersOperation("add"),
  groupOwnersOperation("remove"),
  {
    method: "get",
    path: listPath,
    operationId: "listFeatures",
    summary: "List the features of a project",
    description:
      "Filtered, sorted and paged (up to 999 per page). With `environment`, each carries its state there.",
    tag,
    security: "token",
    params: ZProjectFeaturesParams,
    query: ZFeatureListQuery,
    paramDocs,
    status: 200,
    responses: {
      200: ok("A page of features.", ZFeaturePage),
      400: {
        description:
          "A query parameter is invalid, or `is_enabled`/`value_search` come without `environment` (a bare list).",
        schema: z.union([ZValidationErrors, ZErrorList]),
      },
      401: notAuthenticated,
      403: forbidden(
        "The caller lacks VIEW_PROJECT (CREATE_FEATURE to create), or VIEW_ENVIRONMENT on the environment of `?environment=`, or that environment does not exist",
      ),
      404: {
        ...invalidPage,
        description:
          "The project or the environment does not exist or is not visible, or the page is past the end.",
      },
    },
  },
  {
    method: "post",
    path: listPath,
    operationId: "createFeature",
    summary: "Create a feature",
    description: "Creates the feature with a state in every environment of the project.",
    tag,
    security: "token",
    params: ZProjectFeaturesParams,
    query: ZFeatureDetailQuery,
    paramDocs,
    body: ZFeatureCreate,
    status: 201,
    responses: {
      201: ok("The created feature.", ZFeature),
      400: {
        ...invalidBody,
        description: `${invalidBody.description} A name already used in the project (case-insensitively) is a \`name\` error.`,
      },
      401: notAuthenticated,
      403: forbidden(
        "The caller lacks VIEW_PROJECT (CREATE_FEATURE to create), or VIEW_ENVIRONMENT on the environment of `?environment=`, or that environment does not exist",
      ),
      404: notFound("The project (or the environment of `?environment=`)"),
    },
  },
  {
    method: "get",
    path,
    operationId: "getFeature",
    summary: "Get a feature",
    tag,
    security: "token",
    params: ZFeatureParams,
    query: ZFeatureDetailQuery,
    paramDocs,
    status: 200,
    responses: {
      200: ok("The feature.", ZFeature),
      400: { description: "`environment` is not an integer.", schema: ZValidationErrors },
      401: notAuthenticated,
      403: forbidden(
        "The caller lacks VIEW_PROJECT (CREATE_FEATURE to create), or VIEW_ENVIRONMENT on the environment of `?environment=`, or that environment does not exist",
      ),
      404: notFound("The project, the feature (or the environment of `?environment=`)"),
    },
  },
  {
    ...featureUpdate,
    method: "put",
    operationId: "updateFeature",
    summary: "Update a feature",
    description:
      "`name`, `default_enabled` and `initial_value` cannot change after creation; PUT works as PATCH.",
  },
  {
    ...featureUpdate,
    method: "patch",
    operationId: "partialUpdateFeature",
    summary: "Partially update a feature",
  },
  {
    method: "delete",
    path,
    operationId: "deleteFeature",
    summary: "Delete a feature",
    description: "Deletes the feature with its states and overrides in every environment.",
    tag,
    security: "token",
    params: ZFeatureParams,
    status: 204,
    responses: {
      204: noContent("The feature is deleted."),
      401: notAuthenticated,
      404: notFound("The project or the feature"),
    },
  },
  {
    method: "get",
    path: optionsPath,
    operationId: "listMultivariateOptions",
    summary: "List the multivariate options of a feature",
    description: "10 per page.",
    tag,
    security: "token",
    params: ZFeatureParams,
    query: ZPageQuery,
    status: 200,
    responses: {
      200: ok("A page of options.", ZMultivariateOptionPage),
      401: notAuthenticated,
      404: {
        ...invalidPage,
        description:
          "The project or the feature does not exist or is not visible, or the page is past the end.",
      },
    },
  },
  {
    method: "post",
    path: optionsPath,
    operationId: "createMultivariateOption",
    summary: "Add a multivariate option",
    description: "The feature becomes MULTIVARIATE; every environment gets the option's default share.",
    tag,
    security: "token",
    params: ZFeatureParams,
    body: ZMultivariateOptionCreate,
    status: 201,
    responses: {
      201: ok("The created option.", ZMultivariateOption),
      400: {
        ...invalidBody,
        description: `${invalidBody.description} Shares above 100 in total are refused.`,
      },
      401: notAuthenticated,
      403: optionFeatureForbidden,
      404: notFound("The project or the feature"),
    },
  },
  {
    method: "get",
    path: optionPath,
    operationId: "getMultivariateOption",
    summary: "Get a multivariate option",
    tag,
    security: "token",
    params: ZMultivariateOptionParams,
    status: 200,
    responses: {
      200: ok("The option.", ZMultivariateOption),
      401: notAuthenticated,
      404: notFound("The project, the feature or the option"),
    },
  },
  {
    ...optionUpdate,
    method: "put",
    operationId: "updateMultivariateOption",
    summary: "Update a multivariate option",
  },
  {
    ...optionUpdate,
    method: "patch",
    operationId: "partialUpdateMultivariateOption",
    summary: "Partially update a multivariate option",
  },
  {
    method: "delete",
    path: optionPath,
    operationId: "deleteMultivariateOption",
    summary: "Delete a multivariate option",
    description: "The feature becomes STANDARD again when its last option goes.",
    tag,
    security: "token",
    params: ZMultivariateOptionParams,
    status: 204,
    responses: {
      204: noContent("The option is deleted."),
      401: notAuthenticated,
      404: notFound("The project, the feature or the option"),
    },
  },
];
