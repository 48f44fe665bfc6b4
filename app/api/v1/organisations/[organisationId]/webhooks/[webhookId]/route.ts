// GET/PUT/PATCH/DELETE /api/v1/organisations/{id}/webhooks/{id}/ — one webhook of an organisation
import { withApi, withDocs } from "@/lib/route/handler";
import { ZOrganisationWebhookParams, ZWebhookUpdate } from "@/lib/webhooks/schemas";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/webhooks/webhooks";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZWebhook } from "@/lib/webhooks/responses";

const permission = {
  organisation: "ADMIN",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZOrganisationWebhookParams;

export const GET = withApi(
  {
    auth: "user",
    permission,
    params,
    openapi: {
      operationId: "getOrganisationWebhook",
      summary: "Get an organisation's webhook",
      tag: "Webhooks",
      paramDocs: { webhookId: "Numeric id of the webhook." },
      responses: {
        200: ok("The webhook.", ZWebhook),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation or the webhook"),
      },
    },
  },
  ({ user, params }) =>
    getWebhook({ userId: user.id, organisationId: params.organisationId }, params.webhookId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZWebhookUpdate,
    openapi: {
      operationId: "updateOrganisationWebhook",
      summary: "Update an organisation's webhook",
      description: "Fields left out keep their value.",
      tag: "Webhooks",
      paramDocs: { webhookId: "Numeric id of the webhook." },
      responses: {
        200: ok("The updated webhook.", ZWebhook),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation or the webhook"),
      },
    },
  },
  ({ user, params, body }) =>
    updateWebhook({ userId: user.id, organisationId: params.organisationId }, params.webhookId, body),
);
export const PATCH = withDocs(PUT, {
  operationId: "partialUpdateOrganisationWebhook",
  summary: "Partially update an organisation's webhook",
});
export const DELETE = withApi(
  {
    auth: "user",
    permission,
    params,
    status: 204,
    openapi: {
      operationId: "deleteOrganisationWebhook",
      summary: "Delete an organisation's webhook",
      description: "Deletes the webhook with its delivery log; pending deliveries are not sent.",
      tag: "Webhooks",
      paramDocs: { webhookId: "Numeric id of the webhook." },
      responses: {
        204: noContent("The webhook is deleted."),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation or the webhook"),
      },
    },
  },
  ({ user, params }) =>
    deleteWebhook({ userId: user.id, organisationId: params.organisationId }, params.webhookId),
);
