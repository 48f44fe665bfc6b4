// DELETE /api/v1/environments/{api_key}/features/{id}/scheduled-changes/{change_id}/ — cancel a pending change
import { withApi } from "@/lib/route/handler";
import { cancelScheduledChange } from "@/lib/scheduled/scheduled-changes";
import { ZScheduledChangeParams } from "@/lib/scheduled/schemas";
import { noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZErrorDetail } from "@/lib/api/response-schemas";

export const DELETE = withApi(
  {
    auth: "user",
    permission: { environment: "UPDATE_FEATURE_STATE", of: (c) => c.params.apiKey },
    params: ZScheduledChangeParams,
    status: 204,
    openapi: {
      operationId: "cancelScheduledChange",
      summary: "Cancel a scheduled change",
      tag: "Feature versions",
      responses: {
        204: noContent("Cancelled."),
        400: ok("The change has applied or was cancelled already.", ZErrorDetail),
        404: notFound("The environment, the feature or the change"),
      },
    },
  },
  ({ user, params }) => cancelScheduledChange({ userId: user.id, ...params }),
);
