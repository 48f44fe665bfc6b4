// POST /api/v2/analytics/flags/ — flag evaluations reported by SDKs in Flagsmith's v2 format
import { withApi } from "@/lib/route/handler";
import { preflight } from "@/lib/sdk/cors";
import { handleAnalyticsFlagsV2Post, ZAnalyticsV2Body } from "@/lib/sdk/analytics-v2";
import { serveSdkRequest } from "@/lib/sdk/http";
import { noContent, ok } from "@/lib/openapi/shared";
import { ZBadRequest, ZErrorDetail } from "@/lib/api/response-schemas";

export const POST = withApi(
  {
    auth: "none",
    cors: true,
    status: 204,
    openapi: {
      operationId: "reportFlagEvaluationList",
      summary: "Report flag evaluations (v2)",
      description:
        "SDKs report evaluations as a list; counts land where v1's do (the features' evaluation data). No body in the answer.",
      tag: "SDK",
      sdk: { security: "environmentKey", body: ZAnalyticsV2Body },
      responses: {
        204: noContent("The counts are recorded."),
        400: ok("The body fails validation (errors by field), or is not JSON (`{detail}`).", ZBadRequest),
        403: ok("Missing or unknown environment key (`Invalid or missing Environment Key`).", ZErrorDetail),
      },
    },
  },
  ({ request }) => serveSdkRequest(request, handleAnalyticsFlagsV2Post),
);
export const OPTIONS = preflight;
