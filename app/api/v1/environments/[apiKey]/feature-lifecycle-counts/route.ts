// GET /api/v1/environments/{id}/feature-lifecycle-counts/ — features per lifecycle stage in an environment
import { withApi } from "@/lib/route/handler";
import { queryEnvironmentRef } from "@/lib/permissions/scope";
import { countFeatureLifecycleStages } from "@/lib/features/lifecycle-counts";
import { ZEnvironmentParams } from "@/lib/environments/schemas";
import { ZLifecycleCounts } from "@/lib/features/responses";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";

export const GET = withApi(
  {
    auth: "user",
    // Flagsmith's path takes the numeric id; the environment key is accepted too.
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => queryEnvironmentRef(c.params.apiKey) },
    params: ZEnvironmentParams,
    openapi: {
      operationId: "getFeatureLifecycleCounts",
      summary: "Count features per lifecycle stage",
      description:
        "How many of the project's features that are not archived are in each lifecycle stage in the environment (README: Code references, evaluations and lifecycle stages).",
      tag: "Features",
      paramDocs: { apiKey: "The environment's numeric id (as Flagsmith) or its key." },
      responses: {
        200: ok("The count per stage.", ZLifecycleCounts),
        403: forbidden("The caller lacks VIEW_ENVIRONMENT"),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params }) =>
    countFeatureLifecycleStages({ userId: user.id, environment: queryEnvironmentRef(params.apiKey) ?? "" }),
);
