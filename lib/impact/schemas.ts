// Input of POST /api/v1/environments/{api_key}/impact/: a proposed change, in the shapes the
// v1 API takes for feature states, segment overrides and segment rules.
import { z } from "zod";
import { zFeatureStateValue } from "@/lib/overrides/values";
import { SEGMENT_CONDITIONS_LIMIT, ZRuleInput } from "@/lib/segments/schemas";

export const MAX_PROPOSED_STATES = 100;
export const MAX_PROPOSED_SEGMENTS = 20;

const zPositiveId = (description: string) => z.int().positive().max(2147483647).describe(description);

export const ZProposedFeatureState = z.object({
  feature: zPositiveId("The feature"),
  feature_segment: zPositiveId("An existing segment override's feature segment")
    .nullable()
    .optional()
    .describe(
      "The feature segment of the segment override to change; null or absent with no `segment`: the environment default",
    ),
  segment: zPositiveId(
    "A segment: its override of the feature is changed, or created when it has none",
  ).optional(),
  enabled: z.boolean().optional().describe("New on/off state; unchanged when absent"),
  feature_state_value: zFeatureStateValue
    .optional()
    .describe("New value (scalar or value object); unchanged when absent"),
  priority: z
    .int()
    .min(0)
    .max(1000000)
    .optional()
    .describe("Priority of a new segment override; last when absent"),
  delete: z.boolean().optional().describe("true removes the segment override"),
});

function countConditions(rules: { conditions?: unknown[]; rules?: unknown[] }[]): number {
  return rules.reduce(
    (sum, rule) =>
      sum +
      (rule.conditions?.length ?? 0) +
      countConditions((rule.rules ?? []) as { conditions?: unknown[] }[]),
    0,
  );
}

export const ZProposedSegment = z
  .object({
    id: zPositiveId("The segment"),
    rules: z
      .array(ZRuleInput)
      .min(1)
      .max(SEGMENT_CONDITIONS_LIMIT)
      .describe("The segment's proposed rules, as PUT /segments/ takes them (two levels)"),
  })
  .superRefine((segment, ctx) => {
    const count = countConditions(segment.rules);
    if (count > SEGMENT_CONDITIONS_LIMIT)
      ctx.addIssue({
        code: "custom",
        path: ["rules"],
        message: `The segment has ${count} conditions, which exceeds the maximum condition count of ${SEGMENT_CONDITIONS_LIMIT}.`,
      });
  });

export const ZImpactBody = z
  .object({
    feature_states: z
      .array(ZProposedFeatureState)
      .max(MAX_PROPOSED_STATES)
      .optional()
      .describe(`Proposed feature states (at most ${MAX_PROPOSED_STATES})`),
    segments: z
      .array(ZProposedSegment)
      .max(MAX_PROPOSED_SEGMENTS)
      .optional()
      .describe(`Proposed segment rules (at most ${MAX_PROPOSED_SEGMENTS})`),
    examples: z
      .int()
      .min(0)
      .max(10)
      .optional()
      .describe("Examples kept per kind of change (default 3, at most 10)"),
  })
  .superRefine((body, ctx) => {
    if (!body.feature_states?.length && !body.segments?.length)
      ctx.addIssue({
        code: "custom",
        path: ["non_field_errors"],
        message: "Propose at least one feature state or segment.",
      });
  });
export type TImpactBody = z.infer<typeof ZImpactBody>;
