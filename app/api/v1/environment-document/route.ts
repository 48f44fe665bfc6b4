// GET /api/v1/environment-document/ — the whole environment for local evaluation (server keys)
import { withApi } from "@/lib/route/handler";
import { preflight } from "@/lib/sdk/cors";
import { handleEnvironmentDocumentRequest } from "@/lib/sdk/environment-document";
import { serveSdkRequest } from "@/lib/sdk/http";
import { noContent, ok } from "@/lib/openapi/shared";
import { ZEnvironmentDocument } from "@/lib/sdk/responses";
import { ZErrorDetail } from "@/lib/api/response-schemas";

export const GET = withApi(
  {
    auth: "none",
    cors: true,
    openapi: {
      operationId: "getEnvironmentDocument",
      summary: "Get the environment document",
      description:
        "Everything a local-evaluation SDK needs. Supports `If-None-Match` and `If-Modified-Since`.",
      tag: "SDK",
      sdk: { security: "serverKey" },
      responses: {
        200: ok("The environment document.", ZEnvironmentDocument),
        304: noContent("The document has not changed since the validator sent."),
        403: ok(
          "Missing key, a client-side key (`Invalid or missing Environment key`), or an unknown key.",
          ZErrorDetail,
        ),
      },
    },
  },
  ({ request }) => serveSdkRequest(request, handleEnvironmentDocumentRequest),
);
export const OPTIONS = preflight;
