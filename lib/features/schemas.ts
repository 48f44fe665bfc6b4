// Request schemas of features, multivariate options and environment feature states. They follow
// Flagsmith's serializers: DRF trims CharFields, ignores read-only and unknown fields, and
// reports wrong JSON types with its own wording (lib/api/zod-errors.ts).
import { DRF_FALSE_STRINGS, DRF_TRUE_STRINGS } from "@/lib/api/drf-booleans";
import { z } from "zod";
import { ZAllocations } from "@/lib/feature-states/allocations";
import { ZPageQuery, ZSizedPageQuery } from "@/lib/api/pagination";
import { pathParams, zId } from "@/lib/api/params";
import { LIMITS } from "@/lib/limits/limits";
import { LIFECYCLE_STAGES } from "./lifecycle";
import { pythonNumberString, storeFeatureValue } from "@/lib/values";

export const MAX_FEATURE_VALUE_LENGTH = LIMITS.featureValueLength;
/** Flagsmith's description is an unbounded TextField; this one is sent in every flag object. */
export const MAX_FEATURE_DESCRIPTION_LENGTH = 20_000;
const tooLong = `Ensure this field has no more than ${MAX_FEATURE_VALUE_LENGTH} characters.`;
const NOT_A_STRING = "Not a valid string.";
/** Group ids one request may name (a feature's group owners or add/remove-group-owners). */
export const MAX_GROUP_OWNER_IDS = 100;
const zGroupId = z.int().min(-2147483648).max(2147483647);

const zQueryBool = z.string().transform((value, ctx) => {
  if (DRF_TRUE_STRINGS.includes(value)) return true;
  if (DRF_FALSE_STRINGS.includes(value)) return false;
  ctx.addIssue({ code: "custom", input: value, message: "Must be a valid boolean." });
  return z.NEVER;
});

const zQueryInt = z
  .string()
  .trim()
  .regex(/^[+-]?\d{1,10}$/, { error: "A valid integer is required." })
  .transform(Number)
  .refine((n) => Math.abs(n) <= 2147483647, {
    error: "Ensure this value is less than or equal to 2147483647.",
  });

/** A comma-separated list of ids (empty allowed): integers the database can hold. */
const zIdList = (message: string) =>
  z.string().regex(/^\s*$|^\s*[+-]?\d+\s*(,\s*[+-]?\d+\s*)*$/, { error: message });

const zScalar = z.union([z.string(), z.number(), z.boolean()], {
  error: (issue) => (issue.input === undefined ? "This field is required." : NOT_A_STRING),
});

/**
 * initial_value: Flagsmith stringifies truthy non-strings (`true` → "True", 1.5 → "1.5"), then
 * its CharField trims the text and refuses what is left that is not a string (`false`).
 */
const zInitialValue = zScalar
  .nullable()
  .transform((value, ctx): string | null => {
    if (value === null) return null;
    if (value === false) {
      ctx.addIssue({ code: "custom", input: value, message: NOT_A_STRING });
      return z.NEVER;
    }
    const text =
      value === true ? "True" : typeof value === "number" ? pythonNumberString(value) : value.trim();
    if (text.length > MAX_FEATURE_VALUE_LENGTH) {
      ctx.addIssue({ code: "custom", input: value, message: tooLong });
      return z.NEVER;
    }
    return text;
  })
  .describe("Value every environment starts with; typed as an integer, a boolean or a string");

/** feature_state_value: typed by its JSON type (integers → int, booleans → bool, the rest → unicode). */
const zStateValue = zScalar
  .nullable()
  .superRefine((value, ctx) => {
    if (typeof value === "string" && value.length > MAX_FEATURE_VALUE_LENGTH) {
      ctx.addIssue({ code: "custom", input: value, message: tooLong });
    }
  })
  .transform(storeFeatureValue)
  .describe("New value: a string, an integer, a boolean, a float (kept as a string) or null");

const SLUG_MESSAGE = "Enter a valid “slug” consisting of letters, numbers, underscores or hyphens.";

export const ZMultivariateOptionFields = z.object({
  type: z
    .enum(["int", "unicode", "bool"])
    .optional()
    .describe("Which typed field holds the value (default unicode)"),
  string_value: z
    .string()
    .trim()
    .max(MAX_FEATURE_VALUE_LENGTH)
    .nullable()
    .optional()
    .describe("Value when type is unicode"),
  integer_value: z
    .int()
    .min(-2147483648)
    .max(2147483647)
    .nullable()
    .optional()
    .describe("Value when type is int (32-bit)"),
  boolean_value: z.boolean().nullable().optional().describe("Value when type is bool"),
  default_percentage_allocation: z
    .number()
    .min(0)
    .max(100)
    .optional()
    .describe("Share (0-100) the option gets in every environment's default state (default 100)"),
  key: z
    .string()
    .max(255)
    .regex(/^[-a-zA-Z0-9_]+$/, { error: SLUG_MESSAGE })
    .nullable()
    .optional()
    .describe("Stable variant name, unique per feature, reported as the identity flag's variant"),
});
export type TMultivariateOptionFields = z.infer<typeof ZMultivariateOptionFields>;

const ZNestedMultivariateOption = ZMultivariateOptionFields.extend({
  id: z.int().optional().describe("On update: the option to change; options left out are deleted"),
});
export type TNestedMultivariateOption = z.infer<typeof ZNestedMultivariateOption>;

const featureFields = {
  type: z.enum(["STANDARD", "MULTIVARIATE"]).optional().describe("Becomes MULTIVARIATE when options exist"),
  description: z
    .string()
    .trim()
    .max(MAX_FEATURE_DESCRIPTION_LENGTH)
    .nullable()
    .optional()
    .describe(`Free text, at most ${MAX_FEATURE_DESCRIPTION_LENGTH} characters`),
  tags: z
    .array(z.int())
    .optional()
    .describe("Ids of the project's tags; on update, replaces the feature's tags"),
  is_archived: z.boolean().optional().describe("Archived features stay served but are hidden in lists"),
  is_server_key_only: z.boolean().optional().describe("Served only to server-side (ser.) keys"),
  multivariate_options: z.array(ZNestedMultivariateOption).optional().describe("Variants of the value"),
  metadata: z.array(z.unknown()).optional().describe("Accepted and ignored"),
};

export const ZFeatureCreate = z.object({
  owners: z
    .array(z.int())
    .optional()
    .describe("User ids of the owners (members of the organisation); default: the creating user"),
  group_owners: z
    .array(zGroupId)
    .max(MAX_GROUP_OWNER_IDS)
    .optional()
    .describe("Ids of permission groups of the project's organisation that own the feature"),
  name: z.string().trim().min(1).max(2000).describe("Unique in the project, case-insensitively"),
  default_enabled: z
    .boolean()
    .optional()
    .describe(
      "Whether the feature starts on: in every existing environment of the project at creation, and in environments created later",
    ),
  initial_value: zInitialValue.optional(),
  ...featureFields,
});
export type TFeatureCreate = z.infer<typeof ZFeatureCreate>;

/** PUT and PATCH: name, default_enabled and initial_value are read-only after creation (ignored). */
export const ZFeatureUpdate = z.object(featureFields);
export type TFeatureUpdate = z.infer<typeof ZFeatureUpdate>;

export const ZFeatureListQuery = ZSizedPageQuery.extend({
  search: z.string().optional().describe("Case-insensitive part of the name"),
  sort_field: z
    .enum(["created_date", "name", "last_changed"])
    .default("created_date")
    .describe(
      "Sort key: created_date (default) or name, as Flagsmith; last_changed is an Ensign extension (each feature's last_changed, ties by id)",
    ),
  sort_direction: z.enum(["ASC", "DESC"]).default("ASC").describe("Sort direction"),
  is_archived: zQueryBool.optional().describe("Only archived (true) or only live (false) features"),
  lifecycle_stage: z
    .enum(LIFECYCLE_STAGES)
    .optional()
    .describe(
      "Only features in this lifecycle stage in `environment` (ignored without `environment`, as Flagsmith)",
    ),
  is_stale: zQueryBool
    .optional()
    .describe(
      "Ensign extension: only stale (true) or only fresh (false) features. Stale: last_changed is older than the project's stale_flags_limit_days and no permanent tag is on the feature",
    ),
  type: z.enum(["STANDARD", "MULTIVARIATE"]).optional().describe("Only features of this type"),
  environment: zQueryInt.optional().describe("Environment id: adds its state and override counts"),
  is_enabled: zQueryBool
    .optional()
    .describe("With environment: only features on (true) or off (false) there"),
  value_search: z.string().optional().describe("With environment: features whose value there matches"),
  tags: zIdList("Tag IDs must be integers.")
    .optional()
    .describe("Comma-separated tag ids (empty: features without tags); combined by tag_strategy"),
  tag_strategy: z
    .enum(["UNION", "INTERSECTION"])
    .default("INTERSECTION")
    .describe("INTERSECTION: features with every tag; UNION: with any of them"),
  owners: zIdList("Owner IDs must be integers.")
    .optional()
    .describe("Comma-separated user ids: features owned by any of them"),
  group_owners: zIdList("Group owner IDs must be integers.")
    .max(2000)
    .optional()
    .describe("Comma-separated group ids: features owned by any of them (or by a user of `owners`)"),
});
export type TFeatureListQuery = z.infer<typeof ZFeatureListQuery>;

export const ZFeatureOwnersInput = z.object({
  user_ids: z.array(z.int()).describe("Ids of users, members of the project's organisation"),
});
export type TFeatureOwnersInput = z.infer<typeof ZFeatureOwnersInput>;

export const ZFeatureGroupOwnersInput = z.object({
  group_ids: z
    .array(zGroupId)
    .max(MAX_GROUP_OWNER_IDS)
    .describe(`Ids of permission groups of the project's organisation (at most ${MAX_GROUP_OWNER_IDS})`),
});
export type TFeatureGroupOwnersInput = z.infer<typeof ZFeatureGroupOwnersInput>;

export const ZFeatureDetailQuery = z.object({
  environment: zQueryInt.optional().describe("Environment id: adds its state and override counts"),
});
export type TFeatureDetailQuery = z.infer<typeof ZFeatureDetailQuery>;

export const ZMultivariateOptionCreate = ZMultivariateOptionFields.extend({
  feature: z.int().optional().describe("If given, must be the feature of the URL"),
});
export type TMultivariateOptionCreate = z.infer<typeof ZMultivariateOptionCreate>;

export const ZFeatureStateUpdate = z.object({
  enabled: z.boolean().optional().describe("Whether the feature is on"),
  feature_state_value: zStateValue.optional(),
  multivariate_feature_state_values: ZAllocations.optional(),
});
export type TFeatureStateUpdate = z.infer<typeof ZFeatureStateUpdate>;

export const ZFeatureStateListQuery = ZPageQuery.extend({
  feature_name: z.string().optional().describe("Exact feature name, case-insensitive"),
  // Flagsmith ignores an empty ?feature= rather than refusing it.
  feature: z.preprocess((v) => (v === "" ? undefined : v), zQueryInt.optional()).describe("Feature id"),
  anyIdentity: z.string().optional().describe("Present: list identity overrides instead of defaults"),
});
export type TFeatureStateListQuery = z.infer<typeof ZFeatureStateListQuery>;

export const ZProjectFeaturesParams = pathParams({ projectId: zId });
export const ZFeatureParams = pathParams({ projectId: zId, featureId: zId });
export const ZMultivariateOptionParams = pathParams({ projectId: zId, featureId: zId, optionId: zId });
const zApiKey = z.string().min(1).max(100);
export const ZEnvironmentFeatureStatesParams = pathParams({ apiKey: zApiKey });
export const ZEnvironmentFeatureStateParams = pathParams({ apiKey: zApiKey, featureStateId: zId });
