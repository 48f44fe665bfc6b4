import {
  ZFeatureSegmentCreate,
  ZFeatureSegmentListQuery,
  ZFeatureSegmentParams,
  ZFeatureSegmentPriorities,
  ZFeatureSegmentPriority,
  ZFeatureStateCreate,
  ZFeatureStateListQuery,
  ZFeatureStateParams,
  ZFeatureStatePatch,
  ZFeatureStateUpdate,
  ZSegmentOverrideCreate,
  ZSegmentOverrideParams,
} from "@/lib/overrides/schemas";
import { z } from "zod";
import { ZBadRequest, ZErrorDetail, ZErrorList, ZValidationErrors } from "../responses/common";
import { ZFeatureStateNested, ZFeatureStateNestedPage } from "../responses/feature-states";
import {
  ZFeatureSegment,
  ZFeatureSegmentList,
  ZFeatureSegmentListItem,
  ZFeatureSegmentPage,
  ZSegmentOverride,
} from "../responses/overrides";
import type { Operation } from "../types";
import { forbidden, invalidBody, invalidPage, noContent, notAuthenticated, notFound, ok } from "./shared";

const tag = "Segment overrides";
const statePath = "/api/v1/features/featurestates/{featureStateId}/";
const segmentPath = "/api/v1/features/feature-segments/{featureSegmentId}/";
const bodyForbidden = forbidden(
  "A feature, environment or segment named in the body is not visible to the caller",
);
const stateWrite = {
  path: statePath,
  tag,
  security: "token",
  params: ZFeatureStateParams,
  status: 200,
  responses: {
    200: ok("The updated feature state.", ZFeatureStateNested),
    400: {
      ...invalidBody,
      description: `${invalidBody.description} The feature, environment or target of a state cannot change.`,
    },
    401: notAuthenticated,
    404: notFound("The feature state"),
  },
} satisfies Omit<Operation, "method" | "operationId" | "summary">;

export const overrideOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/features/featurestates/",
    operationId: "listFeatureStates",
    summary: "List feature states of an environment",
    description: "Defaults and overrides of one environment (`environment` is required), 10 per page.",
    tag,
    security: "token",
    query: ZFeatureStateListQuery,
    paramDocs: {
      environment: "Numeric id of the environment (required).",
      identity: "Numeric id of an identity.",
    },
    status: 200,
    responses: {
      200: ok("A page of feature states.", ZFeatureStateNestedPage),
      400: {
        description: "`environment` is missing (a bare list) or a parameter is not an integer.",
        schema: z.union([ZErrorList, ZValidationErrors]),
      },
      401: notAuthenticated,
      403: forbidden("The environment does not exist or is not visible to the caller"),
      404: invalidPage,
    },
  },
  {
    method: "post",
    path: "/api/v1/features/featurestates/",
    operationId: "createFeatureState",
    summary: "Create a segment or identity override",
    description:
      "With `feature_segment`, a segment override (create the feature segment first); with `identity` or " +
      "`identifier`, an identity override. The value is a typed object.",
    tag,
    security: "token",
    body: ZFeatureStateCreate,
    status: 201,
    responses: {
      201: ok("The created feature state.", ZFeatureStateNested),
      400: {
        ...invalidBody,
        description: `${invalidBody.description} An override that already exists, or a feature of another project, is refused.`,
      },
      401: notAuthenticated,
      403: bodyForbidden,
    },
  },
  {
    method: "get",
    path: statePath,
    operationId: "getFeatureState",
    summary: "Get a feature state",
    tag,
    security: "token",
    params: ZFeatureStateParams,
    status: 200,
    responses: {
      200: ok("The feature state.", ZFeatureStateNested),
      401: notAuthenticated,
      404: notFound("The feature state"),
    },
  },
  {
    ...stateWrite,
    method: "put",
    operationId: "updateFeatureState",
    summary: "Update a feature state",
    body: ZFeatureStateUpdate,
  },
  {
    ...stateWrite,
    method: "patch",
    operationId: "partialUpdateFeatureState",
    summary: "Partially update a feature state",
    body: ZFeatureStatePatch,
  },
  {
    method: "delete",
    path: statePath,
    operationId: "deleteFeatureState",
    summary: "Delete an override",
    description: "Deletes a segment or identity override; an environment default cannot be deleted.",
    tag,
    security: "token",
    params: ZFeatureStateParams,
    status: 204,
    responses: {
      204: noContent("The override is deleted."),
      400: { description: "The state is an environment default.", schema: ZErrorDetail },
      401: notAuthenticated,
      404: notFound("The feature state"),
    },
  },
  {
    method: "get",
    path: "/api/v1/features/feature-segments/",
    operationId: "listFeatureSegments",
    summary: "List the feature segments of a feature in an environment",
    description: "In priority order, 10 per page. `environment` and `feature` are required.",
    tag,
    security: "token",
    query: ZFeatureSegmentListQuery,
    paramDocs: {
      environment: "Numeric id of the environment (required).",
      feature: "Numeric id of the feature (required).",
    },
    status: 200,
    responses: {
      200: ok("A page of feature segments.", ZFeatureSegmentPage),
      400: {
        description: "`environment` or `feature` is missing or not an integer.",
        schema: ZValidationErrors,
      },
      401: notAuthenticated,
      403: forbidden("The environment does not exist or is not visible to the caller"),
      404: invalidPage,
    },
  },
  {
    method: "post",
    path: "/api/v1/features/feature-segments/",
    operationId: "createFeatureSegment",
    summary: "Create a feature segment",
    description:
      "Links a feature, a segment and an environment, last in priority; then create the override with `POST /api/v1/features/featurestates/`.",
    tag,
    security: "token",
    body: ZFeatureSegmentCreate,
    status: 201,
    responses: {
      201: ok("The created feature segment.", ZFeatureSegment),
      400: {
        ...invalidBody,
        description: `${invalidBody.description} Objects of different projects, or a link that exists already, are refused.`,
      },
      401: notAuthenticated,
      403: bodyForbidden,
    },
  },
  {
    method: "get",
    path: segmentPath,
    operationId: "getFeatureSegment",
    summary: "Get a feature segment",
    tag,
    security: "token",
    params: ZFeatureSegmentParams,
    status: 200,
    responses: {
      200: ok("The feature segment.", ZFeatureSegmentListItem),
      401: notAuthenticated,
      404: notFound("The feature segment"),
    },
  },
  {
    method: "delete",
    path: segmentPath,
    operationId: "deleteFeatureSegment",
    summary: "Delete a feature segment",
    description: "Deletes the link and the segment override that hangs on it.",
    tag,
    security: "token",
    params: ZFeatureSegmentParams,
    status: 204,
    responses: {
      204: noContent("The feature segment and its override are deleted."),
      401: notAuthenticated,
      404: notFound("The feature segment"),
    },
  },
  {
    method: "post",
    path: "/api/v1/features/feature-segments/update-priorities/",
    operationId: "updateFeatureSegmentPriorities",
    summary: "Reorder segment overrides",
    description:
      "Sets the priorities of feature segments of one feature in one environment; 0 is evaluated first.",
    tag,
    security: "token",
    body: ZFeatureSegmentPriorities,
    bodyShape: z.array(ZFeatureSegmentPriority).meta({ description: "New priorities." }),
    status: 200,
    responses: {
      200: ok("The feature segments in their new order.", ZFeatureSegmentList),
      400: {
        description:
          "The body is not a list, an item is invalid (one error object per item, `{}` for valid ones), " +
          "or the ids are unknown (another organisation's are unknown too) or span several features or environments.",
        schema: z.union([ZBadRequest, z.array(ZValidationErrors).meta({ description: "Errors by item." })]),
      },
      401: notAuthenticated,
    },
  },
  {
    method: "post",
    path: "/api/v1/environments/{apiKey}/features/{featureId}/create-segment-override/",
    operationId: "createSegmentOverride",
    summary: "Create a segment override in one call",
    description: "Creates the feature segment and its override together.",
    tag,
    security: "token",
    params: ZSegmentOverrideParams,
    body: ZSegmentOverrideCreate,
    bodyDocs: {
      feature_segment: "The segment to override the feature for, and its priority (last when left out).",
    },
    status: 201,
    responses: {
      201: ok("The created override with its feature segment.", ZSegmentOverride),
      400: invalidBody,
      401: notAuthenticated,
      403: forbidden("The segment is not visible to the caller"),
      404: notFound("The environment or the feature"),
    },
  },
];
