// GET /api/v1/environments/{key}/webhooks/{id}/deliveries/ — delivery log of one webhook
import { withApi } from "@/lib/route/handler";
import { ZEnvironmentWebhookParams } from "@/lib/webhooks/schemas";
import { listDeliveries } from "@/lib/webhooks/webhooks";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZWebhookDeliveryList } from "@/lib/webhooks/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "ADMIN", of: (c) => c.params.apiKey },
    params: ZEnvironmentWebhookParams,
    openapi: {
      operationId: "listEnvironmentWebhookDeliveries",
      summary: "List the deliveries of an environment's webhook",
      description:
        "Each delivery is one event with every attempt to send it. A failed attempt (no answer or a non-2xx status) is retried after 2, 4, 8 and 16 seconds; after the fifth failure the delivery is FAILED.",
      tag: "Webhooks",
      paramDocs: { webhookId: "Numeric id of the webhook." },
      responses: {
        200: ok("The deliveries.", ZWebhookDeliveryList),
        404: notFound("The environment or the webhook"),
      },
    },
  },
  ({ user, params }) => listDeliveries({ userId: user.id, apiKey: params.apiKey }, params.webhookId),
);
