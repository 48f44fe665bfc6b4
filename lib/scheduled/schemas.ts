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

export const ZScheduledChangeCreate = z
  .object({
    enabled: z
      .boolean()
      .optional()
      .describe("Whether the feature is on after the change; left as it is when absent"),
    feature_state_value: ZFeatureStateUpdate.shape.feature_state_value.describe(
      "The value after the change; left as it is when absent",
    ),
    run_at: z.iso.datetime({ offset: true }).describe("When the server applies the change (ISO 8601)"),
  })
  .refine((b) => b.enabled !== undefined || b.feature_state_value !== undefined, {
    message: "Give enabled, feature_state_value or both.",
    path: ["non_field_errors"],
  });
export type TScheduledChangeCreate = z.infer<typeof ZScheduledChangeCreate>;
