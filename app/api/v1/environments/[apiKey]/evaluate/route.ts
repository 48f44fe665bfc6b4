// POST /api/v1/environments/{api_key}/evaluate/ — each flag for an identifier and traits, and why
import { withApi } from "@/lib/api/handler";
import { explainEvaluation } from "@/lib/identities/explain";
import { ZEvaluateBody } from "@/lib/identities/explain-schemas";
import { ZIdentityListParams } from "@/lib/identities/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZIdentityListParams,
    body: ZEvaluateBody,
  },
  ({ user, params, body }) => explainEvaluation(user.id, params.apiKey, body),
);
