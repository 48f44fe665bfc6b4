// GET/POST /api/v1/features/feature-segments/ — feature segments of a feature in an environment; create one
import { withApi } from "@/lib/route/handler";
import { queryId } from "@/lib/permissions/scope";
import { createFeatureSegment, listFeatureSegments } from "@/lib/overrides/feature-segments";
import { ZFeatureSegmentCreate, ZFeatureSegmentListQuery } from "@/lib/overrides/schemas";
import { forbidden, invalidPage, ok } from "@/lib/openapi/shared";
import { ZFeatureSegment, ZFeatureSegmentPage } from "@/lib/overrides/responses";
import { ZBadRequest, ZValidationErrors } from "@/lib/api/response-schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => queryId(c.query.environment), hidden: 403 },
    query: ZFeatureSegmentListQuery,
    openapi: {
      operationId: "listFeatureSegments",
      summary: "List the feature segments of a feature in an environment",
      description: "In priority order, 10 per page. `environment` and `feature` are required.",
      tag: "Segment overrides",
      paramDocs: {
        environment: "Numeric id of the environment (required).",
        feature: "Numeric id of the feature (required).",
      },
      responses: {
        200: ok("A page of feature segments.", ZFeatureSegmentPage),
        400: ok("`environment` or `feature` is missing or not an integer.", ZValidationErrors),
        403: forbidden("The environment does not exist or is not visible to the caller"),
        404: invalidPage,
      },
    },
  },
  ({ user, query, request }) => listFeatureSegments(user.id, request, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_SEGMENT_OVERRIDES", of: (c) => c.body.environment, hidden: 403 },
    body: ZFeatureSegmentCreate,
    status: 201,
    openapi: {
      operationId: "createFeatureSegment",
      summary: "Create a feature segment",
      description:
        "Links a feature, a segment and an environment, last in priority; then create the override with `POST /api/v1/features/featurestates/`.",
      tag: "Segment overrides",
      responses: {
        201: ok("The created feature segment.", ZFeatureSegment),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). Objects of different projects, or a link that exists already, are refused.",
          ZBadRequest,
        ),
        403: forbidden("A feature, environment or segment named in the body is not visible to the caller"),
      },
    },
  },
  ({ user, body }) => createFeatureSegment(user.id, body),
);
