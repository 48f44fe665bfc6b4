// POST /api/v1/environments/{api_key}/impact/ — what a proposed change would do to stored identities (Ensign)
import { withApi } from "@/lib/route/handler";
import { proposeImpact } from "@/lib/impact/impact";
import { ZImpactBody } from "@/lib/impact/schemas";
import { ZImpact } from "@/lib/impact/responses";
import { ZIdentityListParams } from "@/lib/identities/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZBadRequest } from "@/lib/api/response-schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZIdentityListParams,
    body: ZImpactBody,
    openapi: {
      operationId: "proposeImpact",
      summary: "Blast radius of a proposed change",
      description:
        "Ensign extension. Evaluates the environment as it is live and as it would be with the proposed feature states, segment overrides and segment rules, side by side over its stored identities (in batches, at most `scan_limit`), and reports how many identities change and how (off→on, on→off, value A→B, variant X→Y), with a few examples each and the explainer's reason on both sides. Nothing is written.",
      tag: "Environments",
      responses: {
        200: ok("The blast radius.", ZImpact),
        400: ok(
          "The body fails validation, or names a feature, feature segment or segment that is not this environment's.",
          ZBadRequest,
        ),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params, body }) => proposeImpact(user.id, params.apiKey, body),
);
