// The answer of POST /api/v1/environments/{api_key}/evaluate/: each flag and why.
import { z } from "zod";
import { zBool, zInt, zText } from "@/lib/api/response-schemas";

const zValue = (description: string) =>
  z.union([z.string(), z.number(), z.boolean(), z.null()]).meta({ description });
const zNullableText = (description: string) => z.string().nullable().meta({ description });
const zRef = (description: string) =>
  z.strictObject({ id: zInt("Id."), name: zText("Name.") }).meta({ description });

export const ZExplainedCondition = z
  .strictObject({
    operator: zText("The condition's operator."),
    property: zNullableText("The trait (or context property) it reads."),
    value: zNullableText("The condition's value."),
    matched: zBool("Whether the condition holds for this identity."),
    seen: zValue("The trait value the condition read; null when the identity has none."),
    bucket: z
      .number()
      .nullable()
      .optional()
      .meta({ description: "PERCENTAGE_SPLIT only: the identity's bucket (0–100); it holds when ≤ value." }),
  })
  .meta({ id: "ExplainedCondition", description: "One condition and its result." });

/** A rule as the explainer reports it; written out because the schema refers to itself. */
export type ExplainedRule = {
  type: "ALL" | "ANY" | "NONE";
  matched: boolean;
  conditions: z.infer<typeof ZExplainedCondition>[];
  rules: ExplainedRule[];
};

export const ZExplainedRule: z.ZodType<ExplainedRule> = z
  .strictObject({
    type: z.enum(["ALL", "ANY", "NONE"]).meta({ description: "How its conditions and sub-rules combine." }),
    matched: zBool("Whether the rule holds."),
    conditions: z.array(ZExplainedCondition).meta({ description: "Its conditions, in order." }),
    get rules() {
      return z.array(ZExplainedRule).meta({ description: "Its sub-rules." });
    },
  })
  .meta({ id: "ExplainedRule", description: "A rule, every condition evaluated (no short-circuit)." });

export const ZExplainedSegment = z
  .strictObject({
    id: zInt("Id of the segment."),
    name: zText("Name of the segment."),
    matched: zBool("Whether the identity is in the segment (every top-level rule holds)."),
    rules: z.array(ZExplainedRule).meta({ description: "Its top-level rules." }),
  })
  .meta({
    id: "ExplainedSegment",
    description: "A segment of the project and whether the identity is in it.",
  });

const ZSplitOption = z.strictObject({
  value: zValue("The option's value."),
  key: zNullableText("The option's key."),
  percentage_allocation: z.number().meta({ description: "Its share (percent)." }),
  from: z.number().meta({ description: "Start of the option's range (inclusive)." }),
  to: z.number().meta({ description: "End of the option's range (exclusive)." }),
  chosen: zBool("Whether the identity falls in this range."),
});

const ZSplit = z
  .strictObject({
    percentage: z.number().meta({ description: "The identity's position (0–100) on the split." }),
    options: z.array(ZSplitOption).meta({ description: "The options in bucketing order." }),
  })
  .nullable()
  .meta({ description: "The multivariate split of the winning state; null when it has no variants." });

const ZOverrideCandidate = z.strictObject({
  segment: zRef("The segment."),
  priority: z.int().nullable().meta({ description: "Its priority (lower wins)." }),
  matched: zBool("Whether the identity is in this segment."),
  won: zBool("Whether this override decided the flag."),
});

export const ZExplainedFlag = z
  .strictObject({
    feature: z
      .strictObject({ id: zInt("Id."), name: zText("Name."), type: zText("STANDARD or MULTIVARIATE.") })
      .meta({ description: "The feature." }),
    enabled: zBool("Whether the flag is on for this identity."),
    value: zValue("The value an SDK gets."),
    variant: zNullableText("Multivariate: the chosen option's key, or `control`."),
    decided_by: z.enum(["IDENTITY_OVERRIDE", "SEGMENT_OVERRIDE", "DEFAULT"]).meta({
      description: "Which state won: the identity's override, a segment's, or the environment default.",
    }),
    reason: zText(
      "The engine's reason: DEFAULT, TARGETING_MATCH; segment=<name>, SPLIT; weight=<w> or IDENTITY_OVERRIDE.",
    ),
    segment: z
      .strictObject({ id: zInt("Id."), name: zText("Name.") })
      .nullable()
      .meta({ description: "The segment whose override won; null otherwise." }),
    segment_overrides: z
      .array(ZOverrideCandidate)
      .meta({ description: "Every segment override of the feature, matched or not." }),
    split: ZSplit,
  })
  .meta({ id: "ExplainedFlag", description: "One flag as an SDK gets it, and why." });

const ZEvaluatedTrait = z.strictObject({
  trait_key: zText("Key."),
  trait_value: z.union([z.string(), z.number(), z.boolean()]).meta({ description: "Value." }),
  source: z.enum(["stored", "given"]).meta({ description: "A stored trait, or one given in the body." }),
});

export const ZEvaluation = z
  .strictObject({
    identifier: zText("The identifier evaluated."),
    identity_id: z.int().nullable().meta({ description: "The stored identity's id; null when not stored." }),
    identity_key: zText("What bucketing hashes for this identity."),
    traits: z.array(ZEvaluatedTrait).meta({ description: "The traits evaluated with." }),
    segments: z.array(ZExplainedSegment).meta({ description: "Every segment of the project." }),
    flags: z.array(ZExplainedFlag).meta({ description: "Every feature (or the one asked for)." }),
  })
  .meta({
    id: "Evaluation",
    description: "Each flag for an identifier and traits, and why it has its value.",
  });
