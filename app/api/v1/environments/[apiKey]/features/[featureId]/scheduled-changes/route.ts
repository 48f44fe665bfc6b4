// GET, POST /api/v1/environments/{api_key}/features/{id}/scheduled-changes/ — changes of the environment default scheduled for later
import { withApi } from "@/lib/api/handler";
import { createScheduledChange, listScheduledChanges } from "@/lib/scheduled/scheduled-changes";
import { ZScheduledChangeCreate, ZScheduledChangesParams } from "@/lib/scheduled/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZScheduledChangesParams,
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
  },
  ({ user, params, body }) => createScheduledChange({ userId: user.id, ...params }, body),
);
