// DELETE /api/__future__/environments/{key}/features/{id}/segment-overrides/{segment_id}/ — remove one override
import { withApi } from "@/lib/route/handler";
import { deleteFlagSegmentOverride } from "@/lib/flag-api/flag";
import { ZFlagSegmentParams } from "@/lib/flag-api/schemas";
import { ZFlagInEnvironment } from "@/lib/flag-api/responses";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";

export const DELETE = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_SEGMENT_OVERRIDES", of: (c) => c.params.environmentKey },
    params: ZFlagSegmentParams,
    openapi: {
      operationId: "deleteFlagSegmentOverride",
      summary: "Remove a flag's override for one segment",
      description: "Answers with the flag as it is after, like the other methods of the one-call flag API.",
      tag: "Feature states",
      responses: {
        200: ok("The flag after the change.", ZFlagInEnvironment),
        403: forbidden("The caller may not manage segment overrides"),
        404: notFound("The environment, the feature or the override (`Segment override not found.`)"),
      },
    },
  },
  ({ user, params }) => deleteFlagSegmentOverride({ userId: user.id, ...params }),
);
