// DELETE /api/v1/environments/{api_key}/features/{id}/scheduled-changes/{change_id}/ — cancel a pending change
import { withApi } from "@/lib/api/handler";
import { cancelScheduledChange } from "@/lib/scheduled/scheduled-changes";
import { ZScheduledChangeParams } from "@/lib/scheduled/schemas";

export const DELETE = withApi(
  {
    auth: "user",
    permission: { environment: "UPDATE_FEATURE_STATE", of: (c) => c.params.apiKey },
    params: ZScheduledChangeParams,
    status: 204,
  },
  ({ user, params }) => cancelScheduledChange({ userId: user.id, ...params }),
);
