// GET /api/v1/organisations/{id}/webhooks/{id}/deliveries/ — delivery log of one webhook
import { withApi } from "@/lib/api/handler";
import { ZOrganisationWebhookParams } from "@/lib/webhooks/schemas";
import { listDeliveries } from "@/lib/webhooks/webhooks";

export const GET = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params: ZOrganisationWebhookParams,
  },
  ({ user, params }) =>
    listDeliveries({ userId: user.id, organisationId: params.organisationId }, params.webhookId),
);
