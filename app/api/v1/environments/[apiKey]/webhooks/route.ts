// GET/POST /api/v1/environments/{key}/webhooks/ — webhooks of an environment
import { withApi } from "@/lib/api/handler";
import { ZEnvironmentWebhooksParams, ZWebhookCreate } from "@/lib/webhooks/schemas";
import { createWebhook, listWebhooks } from "@/lib/webhooks/webhooks";

const permission = {
  environment: "ADMIN",
  of: (c: { params: { apiKey: string } }) => c.params.apiKey,
} as const;

const params = ZEnvironmentWebhooksParams;

export const GET = withApi({ auth: "user", permission, params }, ({ user, params }) =>
  listWebhooks({ userId: user.id, apiKey: params.apiKey }),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZWebhookCreate,
    status: 201,
  },
  ({ user, params, body }) => createWebhook({ userId: user.id, apiKey: params.apiKey }, body),
);
