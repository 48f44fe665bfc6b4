// GET/POST /api/v1/organisations/{id}/webhooks/ — webhooks of an organisation
import { withApi } from "@/lib/api/handler";
import { ZOrganisationWebhooksParams, ZWebhookCreate } from "@/lib/webhooks/schemas";
import { createWebhook, listWebhooks } from "@/lib/webhooks/webhooks";

const permission = {
  organisation: "ADMIN",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZOrganisationWebhooksParams;

export const GET = withApi({ auth: "user", permission, params }, ({ user, params }) =>
  listWebhooks({ userId: user.id, organisationId: params.organisationId }),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZWebhookCreate,
    status: 201,
  },
  ({ user, params, body }) => createWebhook({ userId: user.id, organisationId: params.organisationId }, body),
);
