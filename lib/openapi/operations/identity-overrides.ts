import {
  ZIdentityOverrideCreate,
  ZIdentityOverrideListQuery,
  ZIdentityOverrideParams,
  ZIdentityOverrideUpdate,
  ZIdentityParams,
} from "@/lib/identities/schemas";
import { ZValidationErrors } from "../responses/common";
import { ZFeatureState, ZFeatureStatePage } from "../responses/feature-states";
import { ZOverrideSummary, ZResolvedFlagList } from "../responses/identities";
import type { Operation } from "../types";
import { invalidBodyOrList, invalidPage, noContent, notAuthenticated, notFound, ok } from "./shared";

const tag = "Identities";
const identityPath = "/api/v1/environments/{apiKey}/identities/{identityId}/";
const overridesPath = `${identityPath}featurestates/`;
const overridePath = `${identityPath}featurestates/{featureStateId}/`;
const overrideErrors = invalidBodyOrList("A second override of the same feature");

const overrideWrite = {
  path: overridePath,
  tag,
  security: "token",
  params: ZIdentityOverrideParams,
  body: ZIdentityOverrideUpdate,
  status: 200,
  responses: {
    400: overrideErrors,
    401: notAuthenticated,
    404: notFound("The environment, the identity or the override"),
  },
} satisfies Omit<Operation, "method" | "operationId" | "summary">;

export const identityOverrideOperations: Operation[] = [
  {
    method: "get",
    path: overridesPath,
    operationId: "listIdentityOverrides",
    summary: "List the overrides of an identity",
    description: "10 per page; `feature` or `feature_name` finds one feature's override.",
    tag,
    security: "token",
    params: ZIdentityParams,
    query: ZIdentityOverrideListQuery,
    status: 200,
    responses: {
      200: ok("A page of identity overrides.", ZFeatureStatePage),
      400: { description: "`page` or `feature` is invalid.", schema: ZValidationErrors },
      401: notAuthenticated,
      404: {
        ...invalidPage,
        description:
          "The environment or the identity does not exist or is not visible, or the page is past the end.",
      },
    },
  },
  {
    method: "post",
    path: overridesPath,
    operationId: "createIdentityOverride",
    summary: "Override a feature for an identity",
    tag,
    security: "token",
    params: ZIdentityParams,
    body: ZIdentityOverrideCreate,
    status: 201,
    responses: {
      201: ok("The created override.", ZFeatureState),
      400: overrideErrors,
      401: notAuthenticated,
      404: notFound("The environment or the identity"),
    },
  },
  {
    method: "get",
    path: overridePath,
    operationId: "getIdentityOverride",
    summary: "Get an identity override",
    tag,
    security: "token",
    params: ZIdentityOverrideParams,
    status: 200,
    responses: {
      200: ok("The override.", ZFeatureState),
      401: notAuthenticated,
      404: notFound("The environment, the identity or the override"),
    },
  },
  {
    ...overrideWrite,
    method: "put",
    operationId: "updateIdentityOverride",
    summary: "Update an identity override",
    responses: { ...overrideWrite.responses, 200: ok("The updated override.", ZFeatureState) },
  },
  {
    ...overrideWrite,
    method: "patch",
    operationId: "partialUpdateIdentityOverride",
    summary: "Partially update an identity override",
    description: "Answers only `feature` and `enabled`, as Flagsmith does.",
    responses: { ...overrideWrite.responses, 200: ok("The override's feature and state.", ZOverrideSummary) },
  },
  {
    method: "delete",
    path: overridePath,
    operationId: "deleteIdentityOverride",
    summary: "Delete an identity override",
    tag,
    security: "token",
    params: ZIdentityOverrideParams,
    status: 204,
    responses: {
      204: noContent("The override is deleted."),
      401: notAuthenticated,
      404: notFound("The environment, the identity or the override"),
    },
  },
  {
    method: "get",
    path: `${identityPath}featurestates/all/`,
    operationId: "listIdentityAllFeatureStates",
    summary: "Resolve every flag for an identity",
    description:
      "Every feature as the identity resolves it (identity > segment > default), with what decided it.",
    tag,
    security: "token",
    params: ZIdentityParams,
    status: 200,
    responses: {
      200: ok("The resolved flags.", ZResolvedFlagList),
      401: notAuthenticated,
      404: notFound("The environment or the identity"),
    },
  },
];
