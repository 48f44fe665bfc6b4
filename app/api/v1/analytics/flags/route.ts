// POST /api/v1/analytics/flags/ — flag evaluation counts reported by SDKs
import { preflight, withApi } from "@/lib/api/handler";
import { handleAnalyticsFlagsPost } from "@/lib/sdk/analytics";
import { serveSdkRequest } from "@/lib/sdk/http";

export const POST = withApi({ auth: "none", cors: true }, ({ request }) =>
  serveSdkRequest(request, handleAnalyticsFlagsPost),
);
export const OPTIONS = preflight;
