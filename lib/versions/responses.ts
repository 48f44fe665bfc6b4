import { z } from "zod";
import { paged, zBool, zDateTime, zInt, zText } from "@/lib/api/response-schemas";

const zNullableUuid = (description: string) => z.string().nullable().meta({ description });
const zValue = z
  .union([z.string(), z.number(), z.boolean()])
  .nullable()
  .meta({ description: "The value, typed by value_type." });

const ZWeight = z.strictObject({
  multivariate_feature_option: zInt("Id of the multivariate option."),
  percentage_allocation: z.number().meta({ description: "Share of identities given this option." }),
});

const stateFields = {
  enabled: zBool("Whether the feature is on."),
  feature_state_value: zValue,
  value_type: z.enum(["int", "unicode", "bool"]).meta({ description: "How the value is stored." }),
  multivariate_feature_state_values: z.array(ZWeight).meta({ description: "Option weights, by option id." }),
};

export const ZFeatureVersionState = z
  .strictObject({
    environment_default: z
      .strictObject(stateFields)
      .nullable()
      .meta({ description: "The environment default state." }),
    segment_overrides: z
      .array(
        z.strictObject({
          segment: zInt("Id of the segment."),
          segment_name: zText("Name of the segment when the version was written."),
          priority: zInt("Evaluation order; 0 first."),
          ...stateFields,
        }),
      )
      .meta({ description: "Segment overrides in evaluation order." }),
  })
  .meta({
    id: "FeatureVersionState",
    description: "The feature's state in the environment at this version.",
  });

export const ZFeatureVersion = z
  .strictObject({
    uuid: zText("Id of the version."),
    created_at: zDateTime("When the change was made."),
    updated_at: zDateTime("Same as created_at: versions do not change."),
    published: zBool("Always true: every version is live when written."),
    published_at: zDateTime("When the version went live."),
    live_from: zDateTime("When the version went live."),
    is_live: zBool("Whether this is the current version."),
    published_by: z.int().nullable().meta({ description: "Id of the author; null for server changes." }),
    created_by: z.int().nullable().meta({ description: "Id of the author; null for server changes." }),
    author: z
      .strictObject({ id: zInt("Id of the user."), email: zText("Email of the user.") })
      .nullable()
      .meta({ description: "Who made the change; null for changes the server made or a deleted user." }),
    previous_version_uuid: zNullableUuid("The version before this one; null for the first."),
    restored_from_uuid: zNullableUuid("The version this one restored; null unless a restore."),
    feature: zInt("Id of the feature."),
    environment: zInt("Id of the environment."),
    state: ZFeatureVersionState,
  })
  .meta({ id: "FeatureVersion", description: "One version of a feature's state in an environment." });

export const ZFeatureVersionPage = paged(ZFeatureVersion, "FeatureVersionPage", "versions");

export const ZFeatureVersionComparison = z
  .strictObject({
    version: zText("Uuid of the version (the newer side)."),
    compare_with: zText("Uuid of the version compared with (the older side)."),
    changes: z
      .array(
        z.strictObject({
          field: zText(
            "`environment_default.<field>`, `segment_overrides.<segment id>` (added or removed) or `segment_overrides.<segment id>.<field>`.",
          ),
          old: z.unknown().meta({ description: "The value in compare_with; null when absent." }),
          new: z.unknown().meta({ description: "The value in this version; null when absent." }),
        }),
      )
      .meta({ description: "The differences; empty when the states are equal." }),
  })
  .meta({ id: "FeatureVersionComparison", description: "What changed between two versions." });
