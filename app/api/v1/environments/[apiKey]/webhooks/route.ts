// GET/POST /api/v1/environments/{key}/webhooks/ — webhooks of an environment
import { withApi } from "@/lib/route/handler";
import { ZEnvironmentWebhooksParams, ZWebhookCreate } from "@/lib/webhooks/schemas";
import { createWebhook, listWebhooks } from "@/lib/webhooks/webhooks";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZWebhook, ZWebhookList } from "@/lib/webhooks/responses";

const permission = {
  environment: "ADMIN",
  of: (c: { params: { apiKey: string } }) => c.params.apiKey,
} as const;

const params = ZEnvironmentWebhooksParams;

export const GET = withApi(
  {
    auth: "user",
    permission,
    params,
    openapi: {
      operationId: "listEnvironmentWebhooks",
      summary: "List an environment's webhooks",
      tag: "Webhooks",
      responses: { 200: ok("The webhooks.", ZWebhookList), 404: notFound("The environment") },
    },
  },
  ({ user, params }) => listWebhooks({ userId: user.id, apiKey: params.apiKey }),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZWebhookCreate,
    status: 201,
    openapi: {
      operationId: "createEnvironmentWebhook",
      summary: "Create an environment's webhook",
      tag: "Webhooks",
      responses: { 201: ok("The created webhook.", ZWebhook), 404: notFound("The environment") },
    },
  },
  ({ user, params, body }) => createWebhook({ userId: user.id, apiKey: params.apiKey }, body),
);
