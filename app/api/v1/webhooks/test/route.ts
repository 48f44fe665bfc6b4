// POST /api/v1/webhooks/test/ — send a sample payload to a URL: delivered or not (rate-limited)
import { withApi } from "@/lib/api/handler";
import { ZWebhookTest } from "@/lib/webhooks/schemas";
import { testWebhook } from "@/lib/webhooks/test-webhook";

export const POST = withApi(
  { auth: "user", permission: { member: true }, body: ZWebhookTest },
  ({ body, user, request }) => testWebhook({ userId: user.id, request }, body),
);
