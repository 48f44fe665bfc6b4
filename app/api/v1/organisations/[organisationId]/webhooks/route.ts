// GET/POST /api/v1/organisations/{id}/webhooks/ — webhooks of an organisation
import { withApi } from "@/lib/route/handler";
import { ZOrganisationWebhooksParams, ZWebhookCreate } from "@/lib/webhooks/schemas";
import { createWebhook, listWebhooks } from "@/lib/webhooks/webhooks";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZWebhook, ZWebhookList } from "@/lib/webhooks/responses";

const permission = {
  organisation: "ADMIN",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZOrganisationWebhooksParams;

export const GET = withApi(
  {
    auth: "user",
    permission,
    params,
    openapi: {
      operationId: "listOrganisationWebhooks",
      summary: "List an organisation's webhooks",
      tag: "Webhooks",
      responses: {
        200: ok("The webhooks.", ZWebhookList),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params }) => listWebhooks({ userId: user.id, organisationId: params.organisationId }),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZWebhookCreate,
    status: 201,
    openapi: {
      operationId: "createOrganisationWebhook",
      summary: "Create an organisation's webhook",
      tag: "Webhooks",
      responses: {
        201: ok("The created webhook.", ZWebhook),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params, body }) => createWebhook({ userId: user.id, organisationId: params.organisationId }, body),
);
