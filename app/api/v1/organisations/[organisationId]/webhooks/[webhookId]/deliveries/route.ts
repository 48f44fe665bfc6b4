// GET /api/v1/organisations/{id}/webhooks/{id}/deliveries/ — delivery log of one webhook
import { withApi } from "@/lib/route/handler";
import { ZOrganisationWebhookParams } from "@/lib/webhooks/schemas";
import { listDeliveries } from "@/lib/webhooks/webhooks";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZWebhookDeliveryList } from "@/lib/webhooks/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params: ZOrganisationWebhookParams,
    openapi: {
      operationId: "listOrganisationWebhookDeliveries",
      summary: "List the deliveries of an organisation's webhook",
      description:
        "Each delivery is one event with every attempt to send it. A failed attempt (no answer or a non-2xx status) is retried after 2, 4, 8 and 16 seconds; after the fifth failure the delivery is FAILED.",
      tag: "Webhooks",
      paramDocs: { webhookId: "Numeric id of the webhook." },
      responses: {
        200: ok("The deliveries.", ZWebhookDeliveryList),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation or the webhook"),
      },
    },
  },
  ({ user, params }) =>
    listDeliveries({ userId: user.id, organisationId: params.organisationId }, params.webhookId),
);
