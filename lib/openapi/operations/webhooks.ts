import {
  ZEnvironmentWebhookParams,
  ZEnvironmentWebhooksParams,
  ZOrganisationWebhookParams,
  ZOrganisationWebhooksParams,
  ZWebhookCreate,
  ZWebhookTest,
  ZWebhookUpdate,
} from "@/lib/webhooks/schemas";
import { ZWebhook, ZWebhookDeliveryList, ZWebhookList, ZWebhookTestResult } from "../responses/webhooks";
import type { Operation, ResponseSpec } from "../types";
import { ZErrorDetail } from "../responses/common";
import { forbidden, invalidBody, noContent, notAuthenticated, notFound, ok } from "./shared";

const tag = "Webhooks" as const;
const paramDocs = { webhookId: "Numeric id of the webhook." };

type Scope = {
  prefix: string;
  name: "Environment" | "Organisation";
  what: string;
  list: typeof ZEnvironmentWebhooksParams | typeof ZOrganisationWebhooksParams;
  one: typeof ZEnvironmentWebhookParams | typeof ZOrganisationWebhookParams;
  owner: string;
  extra: Record<number, ResponseSpec>;
};

function crud(scope: Scope): Operation[] {
  const base = { tag, security: "token" as const };
  const one = `${scope.prefix}{webhookId}/`;
  const missing = notFound(`${scope.owner} or the webhook`);
  return [
    {
      ...base,
      method: "get",
      path: scope.prefix,
      operationId: `list${scope.name}Webhooks`,
      summary: `List ${scope.what} webhooks`,
      params: scope.list,
      status: 200,
      responses: {
        200: ok("The webhooks.", ZWebhookList),
        401: notAuthenticated,
        ...scope.extra,
        404: notFound(scope.owner),
      },
    },
    {
      ...base,
      method: "post",
      path: scope.prefix,
      operationId: `create${scope.name}Webhook`,
      summary: `Create ${scope.what} webhook`,
      params: scope.list,
      body: ZWebhookCreate,
      status: 201,
      responses: {
        201: ok("The created webhook.", ZWebhook),
        400: invalidBody,
        401: notAuthenticated,
        ...scope.extra,
        404: notFound(scope.owner),
      },
    },
    {
      ...base,
      method: "get",
      path: one,
      operationId: `get${scope.name}Webhook`,
      summary: `Get ${scope.what} webhook`,
      params: scope.one,
      paramDocs,
      status: 200,
      responses: { 200: ok("The webhook.", ZWebhook), 401: notAuthenticated, ...scope.extra, 404: missing },
    },
    ...(["put", "patch"] as const).map((method): Operation => ({
      ...base,
      method,
      path: one,
      operationId: `${method === "put" ? "update" : "partialUpdate"}${scope.name}Webhook`,
      summary: `${method === "put" ? "Update" : "Partially update"} ${scope.what} webhook`,
      description: "Fields left out keep their value.",
      params: scope.one,
      paramDocs,
      body: ZWebhookUpdate,
      status: 200,
      responses: {
        200: ok("The updated webhook.", ZWebhook),
        400: invalidBody,
        401: notAuthenticated,
        ...scope.extra,
        404: missing,
      },
    })),
    {
      ...base,
      method: "delete",
      path: one,
      operationId: `delete${scope.name}Webhook`,
      summary: `Delete ${scope.what} webhook`,
      description: "Deletes the webhook with its delivery log; pending deliveries are not sent.",
      params: scope.one,
      paramDocs,
      status: 204,
      responses: {
        204: noContent("The webhook is deleted."),
        401: notAuthenticated,
        ...scope.extra,
        404: missing,
      },
    },
    {
      ...base,
      method: "get",
      path: `${one}deliveries/`,
      operationId: `list${scope.name}WebhookDeliveries`,
      summary: `List the deliveries of ${scope.what} webhook`,
      description:
        "Each delivery is one event with every attempt to send it. A failed attempt (no answer or a non-2xx " +
        "status) is retried after 2, 4, 8 and 16 seconds; after the fifth failure the delivery is FAILED.",
      params: scope.one,
      paramDocs,
      status: 200,
      responses: {
        200: ok("The deliveries.", ZWebhookDeliveryList),
        401: notAuthenticated,
        ...scope.extra,
        404: missing,
      },
    },
  ];
}

export const webhookOperations: Operation[] = [
  ...crud({
    prefix: "/api/v1/environments/{apiKey}/webhooks/",
    name: "Environment",
    what: "an environment's",
    list: ZEnvironmentWebhooksParams,
    one: ZEnvironmentWebhookParams,
    owner: "The environment",
    extra: {},
  }),
  ...crud({
    prefix: "/api/v1/organisations/{organisationId}/webhooks/",
    name: "Organisation",
    what: "an organisation's",
    list: ZOrganisationWebhooksParams,
    one: ZOrganisationWebhookParams,
    owner: "The organisation",
    extra: { 403: forbidden("The caller is a member but not an admin of the organisation") },
  }),
  {
    method: "post",
    path: "/api/v1/webhooks/test/",
    operationId: "testWebhook",
    summary: "Send a test webhook",
    description:
      "Sends a sample payload of the chosen kind (FLAG_UPDATED for environment webhooks, AUDIT_LOG_CREATED " +
      "for organisation webhooks) to the URL, signed with the secret if one is given, and says whether it was " +
      "delivered (a 2xx answer), with the same status and shape whatever happened on the network. Each account " +
      "and client address may send a few per minute (README, Limits and security).",
    tag,
    security: "token",
    body: ZWebhookTest,
    status: 200,
    responses: {
      200: ok("Sent: `delivered` says whether the URL answered with a 2xx status.", ZWebhookTestResult),
      400: invalidBody,
      429: {
        description:
          "Too many tests from this account or address (`Request was throttled. Expected available in N seconds.`); `Retry-After` says when to try again.",
        schema: ZErrorDetail,
      },
      401: notAuthenticated,
    },
  },
];
