// GET/POST /api/v1/features/featurestates/ — feature states of an environment; create a segment or identity override
import { withApi } from "@/lib/route/handler";
import { FEATURE_STATE_KEYS, featureStateKey, queryId } from "@/lib/permissions/scope";
import { createFeatureState, listFeatureStates } from "@/lib/overrides/override-states";
import { ZFeatureStateCreate, ZFeatureStateListQuery } from "@/lib/overrides/schemas";
import { forbidden, invalidPage, ok } from "@/lib/openapi/shared";
import { ZFeatureStateNested, ZFeatureStateNestedPage } from "@/lib/features/state-responses";
import { ZBadRequest, ZErrorList, ZValidationErrors } from "@/lib/api/response-schemas";
import { z } from "zod";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => queryId(c.query.environment), hidden: 403 },
    query: ZFeatureStateListQuery,
    openapi: {
      operationId: "listFeatureStates",
      summary: "List feature states of an environment",
      description: "Defaults and overrides of one environment (`environment` is required), 10 per page.",
      tag: "Segment overrides",
      paramDocs: {
        environment: "Numeric id of the environment (required).",
        identity: "Numeric id of an identity.",
      },
      responses: {
        200: ok("A page of feature states.", ZFeatureStateNestedPage),
        400: ok(
          "`environment` is missing (a bare list) or a parameter is not an integer.",
          z.union([ZErrorList, ZValidationErrors]),
        ),
        403: forbidden("The environment does not exist or is not visible to the caller"),
        404: invalidPage,
      },
    },
  },
  ({ user, query, request }) => listFeatureStates(user.id, request, query),
);
export const POST = withApi(
  {
    auth: "user",
    // A segment override (with `feature_segment`) asks MANAGE_SEGMENT_OVERRIDES.
    permission: {
      environment: FEATURE_STATE_KEYS,
      of: (c) => ({ scope: c.body.environment, key: featureStateKey(c.body.feature_segment) }),
      hidden: 403,
    },
    body: ZFeatureStateCreate,
    status: 201,
    openapi: {
      operationId: "createFeatureState",
      summary: "Create a segment or identity override",
      description:
        "With `feature_segment`, a segment override (create the feature segment first); with `identity` or `identifier`, an identity override. The value is a typed object.",
      tag: "Segment overrides",
      responses: {
        201: ok("The created feature state.", ZFeatureStateNested),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). An override that already exists, or a feature of another project, is refused.",
          ZBadRequest,
        ),
        403: forbidden("A feature, environment or segment named in the body is not visible to the caller"),
      },
    },
  },
  ({ user, body }) => createFeatureState(user.id, body),
);
