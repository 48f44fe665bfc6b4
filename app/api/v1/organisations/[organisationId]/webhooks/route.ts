// GET/POST /api/v1/organisations/{id}/webhooks/ — webhooks of an organisation
import { withApi } from "@/lib/api/handler";
import { ZOrganisationWebhooksParams, ZWebhookCreate } from "@/lib/webhooks/schemas";
import { createWebhook, listWebhooks } from "@/lib/webhooks/webhooks";

const params = ZOrganisationWebhooksParams;

export const GET = withApi(
  { auth: "user", permission: { organisation: "ADMIN", of: (c) => c.params.organisationId }, params },
  ({ user, params }) => listWebhooks({ userId: user.id, organisationId: params.organisationId }),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params,
    body: ZWebhookCreate,
    status: 201,
  },
  ({ user, params, body }) => createWebhook({ userId: user.id, organisationId: params.organisationId }, body),
);
