// POST /api/v1/webhooks/test/ — send a sample payload to a URL: delivered or not (rate-limited)
import { withApi } from "@/lib/route/handler";
import { ZWebhookTest } from "@/lib/webhooks/schemas";
import { testWebhook } from "@/lib/webhooks/test-webhook";
import { ok } from "@/lib/openapi/shared";
import { ZWebhookTestResult } from "@/lib/webhooks/responses";
import { ZErrorDetail } from "@/lib/api/response-schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { member: true },
    body: ZWebhookTest,
    openapi: {
      operationId: "testWebhook",
      summary: "Send a test webhook",
      description:
        "Sends a sample payload of the chosen kind (FLAG_UPDATED for environment webhooks, AUDIT_LOG_CREATED for organisation webhooks) to the URL, signed with the secret if one is given, and says whether it was delivered (a 2xx answer), with the same status and shape whatever happened on the network. Each account and client address may send a few per minute (README, Limits and security).",
      tag: "Webhooks",
      responses: {
        200: ok("Sent: `delivered` says whether the URL answered with a 2xx status.", ZWebhookTestResult),
        429: ok(
          "Too many tests from this account or address (`Request was throttled. Expected available in N seconds.`); `Retry-After` says when to try again.",
          ZErrorDetail,
        ),
      },
    },
  },
  ({ body, user, request }) => testWebhook({ userId: user.id, request }, body),
);
