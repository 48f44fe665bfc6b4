import { z } from "zod";
import { zBool, zInt, zText } from "@/lib/api/response-schemas";
import { DEFAULT_PARTS } from "./diff";

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

const ZState = z.strictObject(stateFields);
const ZOverride = z.strictObject({
  segment: zInt("Id of the segment."),
  segment_name: zText("Name of the segment."),
  priority: zInt("Rank in evaluation order; 0 first."),
  ...stateFields,
});

const ZDefaultPart = z.enum(DEFAULT_PARTS);

export const ZPromotionPartOut = z.union([
  z.strictObject({
    feature: zInt("Id of the feature."),
    part: ZDefaultPart.meta({ description: "Which part of the environment default to copy." }),
  }),
  z.strictObject({
    feature: zInt("Id of the feature."),
    part: z.literal("segment_override").meta({ description: "Copy one segment override." }),
    segment: zInt("Id of the segment."),
  }),
]);

export const ZPromotionPreviewResult = z
  .strictObject({
    source_environment: zInt("Id of the source environment."),
    target_environment: zInt("Id of the target environment."),
    target_is_protected: zBool("Whether applying needs `confirm_protected: true`."),
    features: z
      .array(
        z.strictObject({
          id: zInt("Id of the feature."),
          name: zText("Name of the feature."),
          differs: zBool("Whether anything differs."),
          environment_default: z
            .strictObject({
              source: ZState.nullable().meta({ description: "The source environment's default." }),
              target: ZState.nullable().meta({ description: "The target environment's default." }),
              changes: z.array(ZDefaultPart).meta({ description: "The fields that differ." }),
            })
            .meta({ description: "The environment defaults side by side." }),
          segment_overrides: z
            .array(
              z.strictObject({
                segment: zInt("Id of the segment."),
                segment_name: zText("Name of the segment."),
                status: z.enum(["added", "removed", "changed", "unchanged"]).meta({
                  description:
                    "added: only the source has it (promoting creates it); removed: only the target has it (promoting deletes it).",
                }),
                source: ZOverride.nullable().meta({ description: "The override in the source, if any." }),
                target: ZOverride.nullable().meta({ description: "The override in the target, if any." }),
                changes: z
                  .array(z.enum(["priority", ...DEFAULT_PARTS]))
                  .meta({ description: "What differs, for a changed override." }),
              }),
            )
            .meta({ description: "Every segment override either environment has, source order first." }),
          parts: z
            .array(ZPromotionPartOut)
            .meta({ description: "The parts that differ, ready to send to the apply endpoint." }),
        }),
      )
      .meta({ description: "The features asked for, in the order asked." }),
  })
  .meta({ id: "PromotionPreview", description: "What promoting would change in the target." });

export const ZPromotionResult = z
  .strictObject({
    features: z
      .array(
        z.strictObject({
          id: zInt("Id of the feature."),
          name: zText("Name of the feature."),
          version: z.string().nullable().meta({
            description: "Uuid of the feature's new version in the target; null when nothing changed.",
          }),
        }),
      )
      .meta({ description: "Each feature named by the parts." }),
  })
  .meta({ id: "PromotionResult", description: "What the promotion wrote." });
