import { z } from "zod";
import { pathParams, zId } from "@/lib/api/params";
import { ZFeatureStateUpdate } from "@/lib/features/schemas";

export const ZScheduledChangesParams = pathParams({
  apiKey: z.string().min(1).max(100),
  featureId: zId,
});

export const ZScheduledChangeParams = pathParams({
  apiKey: z.string().min(1).max(100),
  featureId: zId,
  changeId: zId.describe("Id of the scheduled change"),
});

const zValue = ZFeatureStateUpdate.shape.feature_state_value;

const ZScheduledSegmentOverride = z
  .object({
    segment: z.int().positive().describe("Id of a segment that overrides the feature in this environment"),
    enabled: z
      .boolean()
      .optional()
      .describe("Whether the override is on after the change; left as it is when absent"),
    feature_state_value: zValue.describe("The override's value after the change; left as it is when absent"),
  })
  .refine((o) => o.enabled !== undefined || o.feature_state_value !== undefined, {
    message: "Give enabled, feature_state_value or both.",
    path: ["non_field_errors"],
  });

export const ZScheduledChangeCreate = z
  .object({
    enabled: z
      .boolean()
      .optional()
      .describe("Whether the feature is on after the change; left as it is when absent"),
    feature_state_value: zValue.describe("The value after the change; left as it is when absent"),
    segment_overrides: z
      .array(ZScheduledSegmentOverride)
      .max(100)
      .optional()
      .refine((list) => !list || new Set(list.map((o) => o.segment)).size === list.length, {
        message: "Each segment may appear once.",
      })
      .describe("Changes of segment overrides applied with it (their order is left as it is)"),
    run_at: z.iso.datetime({ offset: true }).describe("When the server applies the change (ISO 8601)"),
  })
  .refine(
    (b) =>
      b.enabled !== undefined ||
      b.feature_state_value !== undefined ||
      (b.segment_overrides?.length ?? 0) > 0,
    {
      message: "Give enabled, feature_state_value, segment_overrides or several.",
      path: ["non_field_errors"],
    },
  );
export type TScheduledChangeCreate = z.infer<typeof ZScheduledChangeCreate>;
