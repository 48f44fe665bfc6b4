// POST /api/v1/environments/{api_key}/evaluate/ — each flag for an identifier and traits, and why
import { withApi } from "@/lib/route/handler";
import { explainEvaluation } from "@/lib/identities/explain";
import { ZEvaluateBody } from "@/lib/identities/explain-schemas";
import { ZIdentityListParams } from "@/lib/identities/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZEvaluation } from "@/lib/identities/explain-responses";
import { ZBadRequest } from "@/lib/api/response-schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZIdentityListParams,
    body: ZEvaluateBody,
    openapi: {
      operationId: "explainEvaluation",
      summary: "Evaluate flags for an identifier and explain each value",
      description:
        "Evaluates every feature (or one) for an identifier with its stored traits and/or the given ones, exactly as the SDK endpoints do, and says why: identity override, which segment override won and each rule and condition with the trait value it read, the percentage bucket and the multivariate split. Nothing is stored.",
      tag: "Identities",
      responses: {
        200: ok("Each flag with its value and reason.", ZEvaluation),
        400: ok(
          'The body fails validation (errors by field), or is not valid JSON (`{detail}`). An unknown `feature` answers `{"feature": ["No such feature in this project."]}`.',
          ZBadRequest,
        ),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params, body }) => explainEvaluation(user.id, params.apiKey, body),
);
