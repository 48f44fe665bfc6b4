// GET /api/v1/projects/{id}/features/{id}/evaluation-data/ — a feature's daily evaluations in an environment
import { withApi } from "@/lib/route/handler";
import { queryId } from "@/lib/permissions/scope";
import { getFeatureEvaluationData, ZEvaluationDataQuery } from "@/lib/features/evaluation-data";
import { ZFeatureParams } from "@/lib/features/schemas";
import { ZEvaluationData } from "@/lib/features/responses";
import { forbidden, invalidQuery, notFound, ok } from "@/lib/openapi/shared";

export const GET = withApi(
  {
    auth: "user",
    permission: {
      project: "VIEW_PROJECT",
      of: (c) => c.params.projectId,
      and: { environment: "VIEW_ENVIRONMENT", of: (c) => queryId(c.query.environment_id), hidden: 403 },
    },
    params: ZFeatureParams,
    query: ZEvaluationDataQuery,
    openapi: {
      operationId: "getFeatureEvaluationData",
      summary: "Get a feature's evaluations per day",
      description:
        "Evaluation counts the environment's SDKs reported (`/api/v1/analytics/flags/`, `/api/v2/analytics/flags/`), per UTC day, for the last `period` days; days without evaluations are left out.",
      tag: "Features",
      responses: {
        200: ok("The counts, oldest day first.", ZEvaluationData),
        400: invalidQuery,
        403: forbidden("The caller lacks VIEW_PROJECT, or VIEW_ENVIRONMENT on `environment_id`"),
        404: notFound("The project, the feature or the environment (in the project)"),
      },
    },
  },
  ({ user, params, query }) =>
    getFeatureEvaluationData(
      { userId: user.id, projectId: params.projectId, featureId: params.featureId },
      query,
    ),
);
