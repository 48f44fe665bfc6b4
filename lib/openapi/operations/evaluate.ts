import { ZEvaluateBody } from "@/lib/identities/explain-schemas";
import { ZIdentityListParams } from "@/lib/identities/schemas";
import { ZEvaluation } from "../responses/evaluate";
import type { Operation } from "../types";
import { invalidBody, notAuthenticated, notFound, ok } from "./shared";

export const evaluateOperations: Operation[] = [
  {
    method: "post",
    path: "/api/v1/environments/{apiKey}/evaluate/",
    operationId: "explainEvaluation",
    summary: "Evaluate flags for an identifier and explain each value",
    description:
      "Evaluates every feature (or one) for an identifier with its stored traits and/or the given ones, exactly as the SDK endpoints do, and says why: identity override, which segment override won and each rule and condition with the trait value it read, the percentage bucket and the multivariate split. Nothing is stored.",
    tag: "Identities",
    security: "token",
    params: ZIdentityListParams,
    body: ZEvaluateBody,
    status: 200,
    responses: {
      200: ok("Each flag with its value and reason.", ZEvaluation),
      400: {
        ...invalidBody,
        description: `${invalidBody.description} An unknown \`feature\` answers \`{"feature": ["No such feature in this project."]}\`.`,
      },
      401: notAuthenticated,
      404: notFound("The environment"),
    },
  },
];
