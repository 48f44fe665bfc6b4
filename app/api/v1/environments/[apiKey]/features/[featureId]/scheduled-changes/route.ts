// GET, POST /api/v1/environments/{api_key}/features/{id}/scheduled-changes/ — changes of the environment default scheduled for later
import { withApi } from "@/lib/route/handler";
import { createScheduledChange, listScheduledChanges } from "@/lib/scheduled/scheduled-changes";
import { ZScheduledChangeCreate, ZScheduledChangesParams } from "@/lib/scheduled/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZScheduledChange, ZScheduledChangeList } from "@/lib/scheduled/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZScheduledChangesParams,
    openapi: {
      operationId: "listScheduledChanges",
      summary: "List the scheduled changes of a feature in an environment",
      tag: "Feature versions",
      responses: {
        200: ok("The scheduled changes.", ZScheduledChangeList),
        404: notFound("The environment or the feature"),
      },
    },
  },
  ({ user, params }) => listScheduledChanges({ userId: user.id, ...params }),
);

export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "UPDATE_FEATURE_STATE", of: (c) => c.params.apiKey },
    params: ZScheduledChangesParams,
    body: ZScheduledChangeCreate,
    status: 201,
    openapi: {
      operationId: "createScheduledChange",
      summary: "Schedule a change of the environment default and segment overrides",
      description:
        "The server applies it at run_at (on several instances, exactly once); each state it changes is audited and notified to the environment's webhooks, and the whole change becomes one version. Every segment named must override the feature in the environment when scheduled.",
      tag: "Feature versions",
      responses: {
        201: ok("The scheduled change.", ZScheduledChange),
        404: notFound("The environment or the feature"),
      },
    },
  },
  ({ user, params, body }) => createScheduledChange({ userId: user.id, ...params }, body),
);
