// Inputs of the Flagsmith import and verify endpoints.
import { z } from "zod";
import { DRF_FALSE_STRINGS, DRF_TRUE_STRINGS } from "@/lib/api/drf-booleans";
import { pathParams, zId } from "@/lib/api/params";

const source = {
  url: z
    .string()
    .trim()
    .url("Enter a valid URL.")
    .max(500)
    .describe("Base URL of the Flagsmith API, e.g. https://api.flagsmith.com"),
  api_key: z
    .string()
    .trim()
    .min(1, "This field may not be blank.")
    .max(500)
    // It travels in a request header: visible ASCII only (a header cannot carry the rest).
    .regex(/^[\x21-\x7e]+$/, "Enter a valid API key.")
    .describe("An organisation API key of the source (never stored)"),
  organisation: z
    .int()
    .positive()
    .optional()
    .describe("Id of the source organisation, when the key sees several"),
};

export const ZFlagsmithImportCreate = z.object({
  ...source,
  identities: z
    .enum(["auto", "core", "edge"])
    .optional()
    .describe("Which identity API of the source to read (default auto)"),
  prune: z
    .boolean()
    .optional()
    .describe(
      "Delete what an earlier import of this source made and the source no longer has (features, segments, segment overrides, options, tags, identities); without it they are only reported",
    ),
  stop_after: z.int().min(0).max(100_000).optional().describe("Stop after this many steps (to try a resume)"),
});
export type TFlagsmithImportCreate = z.infer<typeof ZFlagsmithImportCreate>;

export const ZFlagsmithVerifyCreate = z.object({
  ...source,
  sample: z
    .int()
    .min(0)
    .max(500)
    .optional()
    .describe("How many identities to generate from segment conditions (default 20)"),
  interval_minutes: z
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .optional()
    .describe(
      "Repeat the verification at this interval, in this server process, until the next request without it",
    ),
});
export type TFlagsmithVerifyCreate = z.infer<typeof ZFlagsmithVerifyCreate>;

export const ZMigrationParams = pathParams({ organisationId: zId });

const zQueryBool = z.string().transform((value, ctx) => {
  if (DRF_TRUE_STRINGS.includes(value)) return true;
  if (DRF_FALSE_STRINGS.includes(value)) return false;
  ctx.addIssue({ code: "custom", input: value, message: "Must be a valid boolean." });
  return z.NEVER;
});

export const ZFlagsmithExportQuery = z.object({
  keep_ids: zQueryBool
    .optional()
    .describe(
      "Also write `pk` on feature states and segments (the ids variants and percentage splits hash with), for moving to another Ensign; leave off for a Flagsmith that has data",
    ),
});
