// GET /api/v1/environments/{key}/webhooks/{id}/deliveries/ — delivery log of one webhook
import { withApi } from "@/lib/api/handler";
import { ZEnvironmentWebhookParams } from "@/lib/webhooks/schemas";
import { listDeliveries } from "@/lib/webhooks/webhooks";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "ADMIN", of: (c) => c.params.apiKey },
    params: ZEnvironmentWebhookParams,
  },
  ({ user, params }) => listDeliveries({ userId: user.id, apiKey: params.apiKey }, params.webhookId),
);
