// GET /api/v1/flags/ — the environment's flags for an SDK key (`?feature=<name>` for one)
import { preflight, withApi } from "@/lib/api/handler";
import { handleFlagsRequest } from "@/lib/sdk/flags";
import { serveSdkRequest } from "@/lib/sdk/http";

export const GET = withApi({ auth: "none", cors: true }, ({ request }) =>
  serveSdkRequest(request, handleFlagsRequest),
);
export const OPTIONS = preflight;
