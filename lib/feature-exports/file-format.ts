// The feature export file, in Flagsmith's format (features/import_export, read at Flagsmith
// commit 1ad8487ba7aabedd3cdfbcf3e7d772784d3e1aae): a JSON array with one object per feature,
// each carrying the eight fields Flagsmith's importer reads. Ensign adds one key of its own to
// each object, `ensign`, which Flagsmith's importer never reads: the feature's tags, owners and
// segment overrides with the segments they use. The file's top level has to stay an array,
// since Flagsmith's importer iterates over it, so the extension lives inside each feature.
import { z } from "zod";
import { LIMITS } from "@/lib/limits/limits";
import { ZSegmentCreate } from "@/lib/segments/schemas";
import type { StoredValue } from "@/lib/values";

/** Flagsmith's MAX_FEATURE_IMPORT_SIZE: bytes of an uploaded file. */
export const MAX_IMPORT_FILE_BYTES = 1_000_000;
export const EXTENSION_KEY = "ensign";
export const EXTENSION_VERSION = 1;
/** Tags, owners and segment overrides one feature of a file may carry. */
export const MAX_EXTENSION_ITEMS = 100;

const VALUE_TYPES = ["unicode", "int", "bool"] as const;
const tooLong = `Ensure this field has no more than ${LIMITS.featureValueLength} characters.`;

const zValue = z.union([z.string().max(LIMITS.featureValueLength, tooLong), z.int(), z.boolean()]).nullable();

/** A typed value of the file ({value, type}) as Ensign stores it; null when they disagree. */
export function storeFileValue(value: string | number | boolean | null, type: string): StoredValue | null {
  if (value === null) return { valueType: type, value: null };
  if (type === "int") {
    return typeof value === "number" && Number.isSafeInteger(value) && Math.abs(value) <= 2147483647
      ? { valueType: "int", value: String(value) }
      : null;
  }
  if (type === "bool") return typeof value === "boolean" ? { valueType: "bool", value: String(value) } : null;
  return typeof value === "string" ? { valueType: "unicode", value } : null;
}

function checkTypedValue(
  item: { value: string | number | boolean | null; type: string },
  ctx: z.RefinementCtx,
) {
  if (!storeFileValue(item.value, item.type)) {
    ctx.addIssue({ code: "custom", path: ["value"], message: `Not a valid value of type ${item.type}.` });
  }
}

const ZFileOption = z
  .object({
    percentage_allocation: z.number().min(0).max(100),
    default_percentage_allocation: z.number().min(0).max(100),
    value: zValue,
    type: z.enum(VALUE_TYPES),
  })
  .superRefine(checkTypedValue);

const ZOverrideOption = z
  .object({ percentage_allocation: z.number().min(0).max(100), value: zValue, type: z.enum(VALUE_TYPES) })
  .superRefine(checkTypedValue);

const ZFileSegmentOverride = z
  .object({
    segment: ZSegmentCreate,
    priority: z.int().min(0).max(2147483647),
    enabled: z.boolean(),
    value: zValue,
    type: z.enum(VALUE_TYPES),
    multivariate: z.array(ZOverrideOption).max(LIMITS.optionsPerFeature).default([]),
  })
  .superRefine(checkTypedValue);

const ZFileTag = z.object({
  label: z.string().trim().min(1).max(100),
  color: z.string().max(10).optional(),
  description: z.string().max(2000).nullable().optional(),
});

const ZFileExtension = z.object({
  version: z.literal(EXTENSION_VERSION),
  description: z.string().max(20_000).nullable().optional(),
  tags: z.array(ZFileTag).max(MAX_EXTENSION_ITEMS).default([]),
  owners: z.array(z.string().max(254)).max(MAX_EXTENSION_ITEMS).default([]),
  segment_overrides: z.array(ZFileSegmentOverride).max(MAX_EXTENSION_ITEMS).default([]),
});

const ZFileFeature = z
  .object({
    name: z.string().trim().min(1).max(2000),
    default_enabled: z.boolean(),
    is_server_key_only: z.boolean(),
    initial_value: z.string().max(LIMITS.featureValueLength, tooLong).nullable(),
    value: zValue,
    type: z.enum(VALUE_TYPES),
    enabled: z.boolean(),
    multivariate: z.array(ZFileOption).max(LIMITS.optionsPerFeature),
    [EXTENSION_KEY]: ZFileExtension.optional(),
  })
  .superRefine(checkTypedValue);

export const ZFeatureFile = z
  .array(ZFileFeature)
  .max(LIMITS.featuresPerProject, `A file may hold at most ${LIMITS.featuresPerProject} features.`);

export type TFileFeature = z.infer<typeof ZFileFeature>;
export type TFileOption = z.infer<typeof ZFileOption>;
export type TFileExtension = z.infer<typeof ZFileExtension>;
export type TFileSegmentOverride = z.infer<typeof ZFileSegmentOverride>;

/** What the exporter writes for one feature (the extension's segment as the API reads it). */
export type ExportedFeature = {
  name: string;
  default_enabled: boolean;
  is_server_key_only: boolean;
  initial_value: string | null;
  value: string | number | boolean | null;
  type: string;
  enabled: boolean;
  multivariate: {
    percentage_allocation: number;
    default_percentage_allocation: number;
    value: string | number | boolean | null;
    type: string;
  }[];
  ensign: {
    version: typeof EXTENSION_VERSION;
    description: string | null;
    tags: { label: string; color: string; description: string | null }[];
    owners: string[];
    segment_overrides: {
      segment: { name: string; description: string | null; rules: unknown[] };
      priority: number;
      enabled: boolean;
      value: string | number | boolean | null;
      type: string;
      multivariate: {
        percentage_allocation: number;
        value: string | number | boolean | null;
        type: string;
      }[];
    }[];
  };
};
