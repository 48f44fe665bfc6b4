import { z } from "zod";
import { zBool, zDateTime, zInt } from "@/lib/api/response-schemas";

export const ZScheduledChange = z
  .strictObject({
    id: zInt("Numeric id of the scheduled change."),
    feature: zInt("Id of the feature."),
    environment: zInt("Id of the environment."),
    feature_state: zInt("Id of the environment-default state it changes."),
    enabled: z.boolean().nullable().meta({ description: "Enabled after the change; null: left as it is." }),
    feature_state_value: z
      .union([z.string(), z.number(), z.boolean()])
      .nullable()
      .meta({ description: "The value after the change (when changes_value)." }),
    changes_value: zBool("Whether the change sets the value."),
    segment_overrides: z
      .array(
        z.strictObject({
          segment: zInt("Id of the segment whose override it changes."),
          segment_name: z
            .string()
            .nullable()
            .meta({ description: "The segment's name; null once deleted (that part is then skipped)." }),
          enabled: z
            .boolean()
            .nullable()
            .meta({ description: "Enabled after the change; null: left as it is." }),
          feature_state_value: z
            .union([z.string(), z.number(), z.boolean()])
            .nullable()
            .meta({ description: "The override's value after the change (when changes_value)." }),
          changes_value: zBool("Whether the change sets the override's value."),
        }),
      )
      .meta({ description: "Segment overrides changed with it (an override removed since is skipped)." }),
    run_at: zDateTime("When the server applies it."),
    status: z
      .enum(["PENDING", "APPLIED", "CANCELLED"])
      .meta({ description: "PENDING until applied (once, by one instance) or cancelled." }),
    created_by: z.int().nullable().meta({ description: "Id of the user who scheduled it." }),
    author: z
      .strictObject({ id: zInt("Id of the user."), email: z.string().meta({ description: "Their email." }) })
      .nullable()
      .meta({ description: "The user who scheduled it; null if gone." }),
    created_at: zDateTime("When it was scheduled."),
    applied_at: z.iso.datetime().nullable().meta({ description: "When it was applied; null until then." }),
  })
  .meta({
    id: "ScheduledChange",
    description:
      "A change of a feature's environment default and segment overrides in one environment, applied at run_at.",
  });

export const ZScheduledChangeList = z
  .array(ZScheduledChange)
  .meta({ description: "The feature's scheduled changes in the environment, newest first (not paged)." });
