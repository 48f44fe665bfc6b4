import { z } from "zod";
import { pathParams, zId } from "@/lib/api/params";
import { DEFAULT_PARTS } from "./diff";

export const MAX_PROMOTED_FEATURES = 100;
export const MAX_PROMOTION_PARTS = 1000;

export const ZPromotionParams = pathParams({ projectId: zId });

const zDbId = (description: string) => z.int().min(1).max(2147483647).describe(description);

const environments = {
  source_environment: zDbId("Id of the environment promoted from"),
  target_environment: zDbId("Id of the environment promoted to (same project)"),
};

export const ZPromotionPreview = z.object({
  ...environments,
  features: z
    .array(zDbId("Id of a feature of the project"))
    .min(1)
    .max(MAX_PROMOTED_FEATURES)
    .describe(`The features to compare (1 to ${MAX_PROMOTED_FEATURES})`),
});
export type TPromotionPreview = z.infer<typeof ZPromotionPreview>;

export const ZPromotionPart = z.discriminatedUnion("part", [
  z.object({
    feature: zDbId("Id of the feature"),
    part: z.enum(DEFAULT_PARTS).describe("One field of the environment default"),
  }),
  z.object({
    feature: zDbId("Id of the feature"),
    part: z.literal("segment_override").describe("The whole override of one segment, its rank included"),
    segment: zDbId("Id of the segment: its override in the target becomes the source's, or goes"),
  }),
]);
export type TPromotionPart = z.infer<typeof ZPromotionPart>;

export const ZPromotionApply = z.object({
  ...environments,
  parts: z
    .array(ZPromotionPart)
    .min(1)
    .max(MAX_PROMOTION_PARTS)
    .describe(`The parts of the diff to apply (1 to ${MAX_PROMOTION_PARTS}), as the preview lists them`),
  confirm_protected: z
    .boolean()
    .optional()
    .describe("Required (true) when the target environment is protected"),
});
export type TPromotionApply = z.infer<typeof ZPromotionApply>;
