// POST /api/v1/analytics/flags/ — flag evaluation counts reported by SDKs
import { withApi } from "@/lib/route/handler";
import { preflight } from "@/lib/sdk/cors";
import { handleAnalyticsFlagsPost } from "@/lib/sdk/analytics";
import { serveSdkRequest } from "@/lib/sdk/http";
import { ZAnalyticsBody } from "@/lib/sdk/requests";
import { noContent, ok } from "@/lib/openapi/shared";
import { ZBadRequest, ZErrorDetail } from "@/lib/api/response-schemas";

export const POST = withApi(
  {
    auth: "none",
    cors: true,
    openapi: {
      operationId: "reportFlagEvaluations",
      summary: "Report flag evaluations",
      description: "SDKs report how often each flag was evaluated; the answer has no body.",
      tag: "SDK",
      sdk: { security: "environmentKey", body: ZAnalyticsBody },
      responses: {
        200: noContent("The counts are recorded (empty body)."),
        400: ok("The body is not a JSON object (`non_field_errors`), or not JSON (`{detail}`).", ZBadRequest),
        403: ok(
          "Missing or unknown environment key (`Invalid or missing Environment Key`). Also when the organisation stopped serving flags.",
          ZErrorDetail,
        ),
      },
    },
  },
  ({ request }) => serveSdkRequest(request, handleAnalyticsFlagsPost),
);
export const OPTIONS = preflight;
