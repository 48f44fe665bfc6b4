// GET/PUT/PATCH/DELETE /api/v1/organisations/{id}/webhooks/{id}/ — one webhook of an organisation
import { withApi } from "@/lib/api/handler";
import { ZOrganisationWebhookParams, ZWebhookUpdate } from "@/lib/webhooks/schemas";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/webhooks/webhooks";

const params = ZOrganisationWebhookParams;

export const GET = withApi(
  { auth: "user", permission: { organisation: "ADMIN", of: (c) => c.params.organisationId }, params },
  ({ user, params }) =>
    getWebhook({ userId: user.id, organisationId: params.organisationId }, params.webhookId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params,
    body: ZWebhookUpdate,
  },
  ({ user, params, body }) =>
    updateWebhook({ userId: user.id, organisationId: params.organisationId }, params.webhookId, body),
);
export const PATCH = PUT;
export const DELETE = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params,
    status: 204,
  },
  ({ user, params }) =>
    deleteWebhook({ userId: user.id, organisationId: params.organisationId }, params.webhookId),
);
