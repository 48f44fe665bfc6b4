// GET/PUT/PATCH/DELETE /api/v1/organisations/{id}/webhooks/{id}/ — one webhook of an organisation
import { withApi } from "@/lib/api/handler";
import { ZOrganisationWebhookParams, ZWebhookUpdate } from "@/lib/webhooks/schemas";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/webhooks/webhooks";

const permission = {
  organisation: "ADMIN",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZOrganisationWebhookParams;

export const GET = withApi({ auth: "user", permission, params }, ({ user, params }) =>
  getWebhook({ userId: user.id, organisationId: params.organisationId }, params.webhookId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
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
    permission,
    params,
    status: 204,
  },
  ({ user, params }) =>
    deleteWebhook({ userId: user.id, organisationId: params.organisationId }, params.webhookId),
);
