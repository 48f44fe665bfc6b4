// Input of POST /api/v1/environments/{api_key}/evaluate/: an identifier and traits to explain.
import { z } from "zod";

const zTraitValue = z
  .union([z.string().max(2000), z.number(), z.boolean(), z.null()])
  .describe("A trait value; null removes a stored trait from this evaluation.");

export const ZEvaluateBody = z.object({
  identifier: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .describe("The identity's identifier (it need not be stored)."),
  traits: z
    .record(z.string().trim().min(1).max(200), zTraitValue)
    .optional()
    .describe("Traits to evaluate with, by key; they take the place of stored traits with the same key."),
  use_stored_traits: z
    .boolean()
    .optional()
    .describe("Start from the stored identity's traits (default true)."),
  feature: z
    .union([z.int().positive(), z.string().min(1).max(2000)])
    .optional()
    .describe("Explain only this feature (id or exact name); every feature when absent."),
});
export type TEvaluateBody = z.infer<typeof ZEvaluateBody>;
