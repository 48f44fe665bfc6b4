// GET /api/v1/environments/{api_key}/document/ — the environment document, with an account's credentials
import { withApi } from "@/lib/route/handler";
import { getEnvironmentDocument } from "@/lib/environments/document";
import { ZEnvironmentParams } from "@/lib/environments/schemas";
import { ZEnvironmentDocument } from "@/lib/sdk/responses";
import { notFound, ok } from "@/lib/openapi/shared";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZEnvironmentParams,
    openapi: {
      operationId: "getEnvironmentDocumentAsAdmin",
      summary: "Read the environment document",
      description: "The same document `/api/v1/environment-document/` serves to server-side SDKs.",
      tag: "Environments",
      responses: {
        200: ok("The environment document.", ZEnvironmentDocument),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params }) => getEnvironmentDocument(user.id, params.apiKey),
);
