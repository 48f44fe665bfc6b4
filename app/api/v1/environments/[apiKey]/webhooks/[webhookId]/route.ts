// GET/PUT/PATCH/DELETE /api/v1/environments/{key}/webhooks/{id}/ — one webhook of an environment
import { withApi } from "@/lib/api/handler";
import { ZEnvironmentWebhookParams, ZWebhookUpdate } from "@/lib/webhooks/schemas";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/webhooks/webhooks";

const permission = {
  environment: "ADMIN",
  of: (c: { params: { apiKey: string } }) => c.params.apiKey,
} as const;

const params = ZEnvironmentWebhookParams;

export const GET = withApi({ auth: "user", permission, params }, ({ user, params }) =>
  getWebhook({ userId: user.id, apiKey: params.apiKey }, params.webhookId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZWebhookUpdate,
  },
  ({ user, params, body }) =>
    updateWebhook({ userId: user.id, apiKey: params.apiKey }, params.webhookId, body),
);
export const PATCH = PUT;
export const DELETE = withApi({ auth: "user", permission, params, status: 204 }, ({ user, params }) =>
  deleteWebhook({ userId: user.id, apiKey: params.apiKey }, params.webhookId),
);
