// GET /api/v1/environment-document/ — the whole environment for local evaluation (server keys)
import { preflight, withApi } from "@/lib/api/handler";
import { handleEnvironmentDocumentRequest } from "@/lib/sdk/environment-document";
import { serveSdkRequest } from "@/lib/sdk/http";

export const GET = withApi({ auth: "none", cors: true }, ({ request }) =>
  serveSdkRequest(request, handleEnvironmentDocumentRequest),
);
export const OPTIONS = preflight;
