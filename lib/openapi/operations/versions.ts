import {
  ZFeatureVersionCompareQuery,
  ZFeatureVersionListQuery,
  ZFeatureVersionParams,
  ZFeatureVersionsParams,
} from "@/lib/versions/schemas";
import { ZFeatureVersion, ZFeatureVersionComparison, ZFeatureVersionPage } from "../responses/versions";
import type { Operation } from "../types";
import { invalidPage, invalidQuery, notAuthenticated, notFound, ok } from "./shared";

const tag = "Feature versions";
const list = "/api/v1/environments/{apiKey}/features/{featureId}/versions/";
const one = `${list}{versionUuid}/`;
const missing = notFound("The environment, the feature or the version");

export const versionOperations: Operation[] = [
  {
    method: "get",
    path: list,
    operationId: "listFeatureVersions",
    summary: "List the versions of a feature in an environment",
    description:
      "Every change to the environment default or the segment overrides, newest first, 10 per page.",
    tag,
    security: "token",
    params: ZFeatureVersionsParams,
    query: ZFeatureVersionListQuery,
    status: 200,
    responses: {
      200: ok("A page of versions.", ZFeatureVersionPage),
      401: notAuthenticated,
      404: invalidPage,
    },
  },
  {
    method: "get",
    path: one,
    operationId: "getFeatureVersion",
    summary: "Get one version of a feature in an environment",
    tag,
    security: "token",
    params: ZFeatureVersionParams,
    status: 200,
    responses: { 200: ok("The version.", ZFeatureVersion), 401: notAuthenticated, 404: missing },
  },
  {
    method: "get",
    path: `${one}compare/`,
    operationId: "compareFeatureVersions",
    summary: "Compare two versions",
    description: "The field-level changes from `compare_with` to this version.",
    tag,
    security: "token",
    params: ZFeatureVersionParams,
    query: ZFeatureVersionCompareQuery,
    status: 200,
    responses: {
      200: ok("The changes.", ZFeatureVersionComparison),
      400: invalidQuery,
      401: notAuthenticated,
      404: notFound("The environment, the feature, or either version"),
    },
  },
  {
    method: "post",
    path: `${one}restore/`,
    operationId: "restoreFeatureVersion",
    summary: "Restore a version",
    description:
      "Writes the version's environment default and segment overrides back as a new change (audited, and itself a new version). " +
      "Overrides added since are removed; segments or options deleted since are left out.",
    tag,
    security: "token",
    params: ZFeatureVersionParams,
    status: 201,
    responses: { 201: ok("The new version.", ZFeatureVersion), 401: notAuthenticated, 404: missing },
  },
];
