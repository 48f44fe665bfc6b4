// Inputs of Flagsmith's one-call flag API (`/api/__future__/environments/{key}/features/{id}/`):
// a flag's environment default and its segment overrides, each part optional.
import { z } from "zod";
import { pathParams, zId } from "@/lib/api/params";

/** At most this many segment overrides in one request, and variants per state. */
export const MAX_FLAG_OVERRIDES = 100;
export const MAX_FLAG_VARIANTS = 100;

export const ZFlagValue = z.object({
  type: z.enum(["string", "integer", "boolean"]).describe("How `value` is read: string, integer or boolean."),
  value: z.string().max(20000).describe('The value, always as a string (`"10"`, `"true"`).'),
});
export type TFlagValue = z.infer<typeof ZFlagValue>;

const ZVariant = z.object({
  id: z.int().describe("Id of one of the feature's multivariate options."),
  weight: z.number().min(0).max(100).describe("Percentage (0-100) of identities served this variant."),
});

const stateShape = {
  enabled: z.boolean().optional().describe("Whether the flag is on."),
  value: ZFlagValue.optional().describe("The flag's value."),
  variants: z
    .array(ZVariant)
    .max(MAX_FLAG_VARIANTS)
    .optional()
    .describe("Every variant of the feature with its weight (all or none)."),
};

export const ZFlagUpdate = z.object({
  environment_default: z
    .object(stateShape)
    .optional()
    .describe("What the flag serves to everyone no segment override matches."),
  segment_overrides: z
    .array(
      z.object({
        segment: z
          .object({ id: z.int().describe("Id of a segment of the feature's project.") })
          .describe("The segment the override is for."),
        priority: z.int().min(0).max(2147483647).optional().describe("Evaluation order, 0 first."),
        ...stateShape,
      }),
    )
    .max(MAX_FLAG_OVERRIDES)
    .optional()
    .describe("Overrides made or changed (PUT: also every one left out is removed)."),
});
export type TFlagUpdate = z.infer<typeof ZFlagUpdate>;
export type TFlagStateInput = NonNullable<TFlagUpdate["environment_default"]>;
export type TSegmentOverrideInput = NonNullable<TFlagUpdate["segment_overrides"]>[number];

export const ZFlagParams = pathParams({ environmentKey: z.string().min(1).max(100), featureId: zId });
export const ZFlagSegmentParams = pathParams({
  environmentKey: z.string().min(1).max(100),
  featureId: zId,
  segmentId: zId,
});
