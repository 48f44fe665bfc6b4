// POST /api/v1/webhooks/test/ — send a sample payload to a URL and report its answer
import { withApi } from "@/lib/api/handler";
import { ZWebhookTest } from "@/lib/webhooks/schemas";
import { testWebhook } from "@/lib/webhooks/test-webhook";
import { ok } from "@/lib/openapi/shared";
import { ZWebhookTestFailure, ZWebhookTestResult } from "@/lib/webhooks/responses";

export const POST = withApi(
  {
    auth: "user",
    permission: { member: true },
    body: ZWebhookTest,
    openapi: {
      operationId: "testWebhook",
      summary: "Send a test webhook",
      description:
        "Sends a sample payload of the chosen kind (FLAG_UPDATED for environment webhooks, AUDIT_LOG_CREATED for organisation webhooks) to the URL, signed with the secret if one is given, and reports the answer.",
      tag: "Webhooks",
      responses: {
        200: ok("The receiver answered with a 2xx status.", ZWebhookTestResult),
        400: ok("Invalid body, or the receiver failed or could not be reached.", ZWebhookTestFailure),
      },
    },
  },
  ({ body }) => testWebhook(body),
);
