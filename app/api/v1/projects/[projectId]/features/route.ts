// GET/POST /api/v1/projects/{id}/features/ — a project's features (filtered, sorted, paged); create one
import { withApi } from "@/lib/route/handler";
import { queryId } from "@/lib/permissions/scope";
import { createFeature } from "@/lib/features/features";
import { listFeatures } from "@/lib/features/feature-list";
import {
  ZFeatureCreate,
  ZFeatureDetailQuery,
  ZFeatureListQuery,
  ZProjectFeaturesParams,
} from "@/lib/features/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZFeature, ZFeaturePage } from "@/lib/features/responses";
import { ZBadRequest, ZErrorDetail, ZErrorList, ZValidationErrors } from "@/lib/api/response-schemas";
import { z } from "zod";

const params = ZProjectFeaturesParams;

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
    query: ZFeatureListQuery,
    openapi: {
      operationId: "listFeatures",
      summary: "List the features of a project",
      description:
        "Filtered, sorted and paged (up to 999 per page). With `environment`, each carries its state there.",
      tag: "Features",
      paramDocs: {
        environment: "Numeric id of an environment of the project: adds the feature's state there.",
      },
      responses: {
        200: ok("A page of features.", ZFeaturePage),
        400: ok(
          "A query parameter is invalid, or `is_enabled`/`value_search` come without `environment` (a bare list).",
          z.union([ZValidationErrors, ZErrorList]),
        ),
        403: forbidden(
          "The caller lacks VIEW_PROJECT (CREATE_FEATURE to create), or VIEW_ENVIRONMENT on the environment of `?environment=`, or that environment does not exist",
        ),
        404: ok(
          "The project or the environment does not exist or is not visible, or the page is past the end.",
          ZErrorDetail,
        ),
      },
    },
  },
  ({ user, params, query, request }) =>
    listFeatures({ userId: user.id, projectId: params.projectId }, request, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: {
      project: "CREATE_FEATURE",
      of: (c) => c.params.projectId,
      and: { environment: "VIEW_ENVIRONMENT", of: (c) => queryId(c.query.environment), hidden: 403 },
    },
    params,
    query: ZFeatureDetailQuery,
    body: ZFeatureCreate,
    status: 201,
    openapi: {
      operationId: "createFeature",
      summary: "Create a feature",
      description: "Creates the feature with a state in every environment of the project.",
      tag: "Features",
      paramDocs: {
        environment: "Numeric id of an environment of the project: adds the feature's state there.",
      },
      responses: {
        201: ok("The created feature.", ZFeature),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). A name already used in the project (case-insensitively) is a `name` error.",
          ZBadRequest,
        ),
        403: forbidden(
          "The caller lacks VIEW_PROJECT (CREATE_FEATURE to create), or VIEW_ENVIRONMENT on the environment of `?environment=`, or that environment does not exist",
        ),
        404: notFound("The project (or the environment of `?environment=`)"),
      },
    },
  },
  ({ user, params, query, body }) =>
    createFeature({ userId: user.id, projectId: params.projectId }, body, query),
);
