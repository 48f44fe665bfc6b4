// POST /api/v1/features/feature-segments/update-priorities/ — reorder the segment overrides of a feature
import { withApi } from "@/lib/route/handler";
import { environmentOfFeatureSegments } from "@/lib/permissions/scope";
import { updateFeatureSegmentPriorities } from "@/lib/overrides/feature-segments";
import { ZFeatureSegmentPriorities, ZFeatureSegmentPriority } from "@/lib/overrides/schemas";
import { ok } from "@/lib/openapi/shared";
import { ZFeatureSegmentList } from "@/lib/overrides/responses";
import { ZBadRequest, ZValidationErrors } from "@/lib/api/response-schemas";
import { z } from "zod";

export const POST = withApi(
  {
    auth: "user",
    permission: {
      environment: "MANAGE_SEGMENT_OVERRIDES",
      of: (c) => environmentOfFeatureSegments(c.user.id, c.body),
      hidden: 403,
    },
    body: ZFeatureSegmentPriorities,
    openapi: {
      operationId: "updateFeatureSegmentPriorities",
      summary: "Reorder segment overrides",
      description:
        "Sets the priorities of feature segments of one feature in one environment; 0 is evaluated first.",
      tag: "Segment overrides",
      bodyShape: z.array(ZFeatureSegmentPriority).meta({ description: "New priorities." }),
      responses: {
        200: ok("The feature segments in their new order.", ZFeatureSegmentList),
        400: ok(
          "The body is not a list, an item is invalid (one error object per item, `{}` for valid ones), or the ids are unknown (another organisation's are unknown too) or span several features or environments.",
          z.union([ZBadRequest, z.array(ZValidationErrors).meta({ description: "Errors by item." })]),
        ),
      },
    },
  },
  ({ user, body }) => updateFeatureSegmentPriorities(user.id, body),
);
