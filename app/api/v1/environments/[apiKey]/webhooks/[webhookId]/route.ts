// GET/PUT/PATCH/DELETE /api/v1/environments/{key}/webhooks/{id}/ — one webhook of an environment
import { withApi, withDocs } from "@/lib/route/handler";
import { ZEnvironmentWebhookParams, ZWebhookUpdate } from "@/lib/webhooks/schemas";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/webhooks/webhooks";
import { noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZWebhook } from "@/lib/webhooks/responses";

const permission = {
  environment: "ADMIN",
  of: (c: { params: { apiKey: string } }) => c.params.apiKey,
} as const;

const params = ZEnvironmentWebhookParams;

export const GET = withApi(
  {
    auth: "user",
    permission,
    params,
    openapi: {
      operationId: "getEnvironmentWebhook",
      summary: "Get an environment's webhook",
      tag: "Webhooks",
      paramDocs: { webhookId: "Numeric id of the webhook." },
      responses: { 200: ok("The webhook.", ZWebhook), 404: notFound("The environment or the webhook") },
    },
  },
  ({ user, params }) => getWebhook({ userId: user.id, apiKey: params.apiKey }, params.webhookId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZWebhookUpdate,
    openapi: {
      operationId: "updateEnvironmentWebhook",
      summary: "Update an environment's webhook",
      description: "Fields left out keep their value.",
      tag: "Webhooks",
      paramDocs: { webhookId: "Numeric id of the webhook." },
      responses: {
        200: ok("The updated webhook.", ZWebhook),
        404: notFound("The environment or the webhook"),
      },
    },
  },
  ({ user, params, body }) =>
    updateWebhook({ userId: user.id, apiKey: params.apiKey }, params.webhookId, body),
);
export const PATCH = withDocs(PUT, {
  operationId: "partialUpdateEnvironmentWebhook",
  summary: "Partially update an environment's webhook",
});
export const DELETE = withApi(
  {
    auth: "user",
    permission,
    params,
    status: 204,
    openapi: {
      operationId: "deleteEnvironmentWebhook",
      summary: "Delete an environment's webhook",
      description: "Deletes the webhook with its delivery log; pending deliveries are not sent.",
      tag: "Webhooks",
      paramDocs: { webhookId: "Numeric id of the webhook." },
      responses: {
        204: noContent("The webhook is deleted."),
        404: notFound("The environment or the webhook"),
      },
    },
  },
  ({ user, params }) => deleteWebhook({ userId: user.id, apiKey: params.apiKey }, params.webhookId),
);
