import { z } from "zod";
import { ZPageQuery, ZSizedPageQuery } from "@/lib/api/pagination";
import { DB_INT_MAX, DB_INT_MIN } from "@/lib/api/query-int";
import { pathParams, zId } from "@/lib/api/params";
import { zFeatureRef, zOptionalTraitInputValue, zOverrideValue, zTraitInputValue } from "./values";

const zApiKey = z.string().min(1).max(100);
// Identity and feature-state uuids come from randomUUID; the dashboard may upper-case them.
const zUuid = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/)
  .transform((s) => s.toLowerCase());

export const ZIdentityListParams = pathParams({ apiKey: zApiKey });
export const ZIdentityParams = pathParams({ apiKey: zApiKey, identityId: zId });
export const ZTraitParams = pathParams({ apiKey: zApiKey, identityId: zId, traitId: zId });
export const ZIdentityOverrideParams = pathParams({ apiKey: zApiKey, identityId: zId, featureStateId: zId });
export const ZEdgeIdentityParams = pathParams({ apiKey: zApiKey, identityUuid: zUuid });
export const ZEdgeOverrideParams = pathParams({
  apiKey: zApiKey,
  identityUuid: zUuid,
  featurestateUuid: zUuid,
});

const zIdentifier = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .describe("The identity's identifier, unique per environment.");

export const ZIdentityListQuery = ZSizedPageQuery.extend({
  q: z
    .string()
    .optional()
    .describe(
      'Search: identifiers containing the text (case-insensitive), or exactly it when quoted ("...").',
    ),
});
export type TIdentityListQuery = z.infer<typeof ZIdentityListQuery>;

export const ZIdentityCreate = z.object({ identifier: zIdentifier });
export type TIdentityCreate = z.infer<typeof ZIdentityCreate>;

// Flagsmith's admin trait serializer takes the typed columns; `trait_value` (typed by its
// JSON type, as the SDK endpoint types it) is accepted too and wins when both are sent.
const traitColumns = {
  value_type: z
    .enum(["int", "unicode", "bool", "float"])
    .optional()
    .describe("Stored type when the value is given through the typed columns."),
  string_value: z.string().max(2000).nullable().optional().describe("Value when value_type is unicode."),
  integer_value: z.int().nullable().optional().describe("Value when value_type is int."),
  boolean_value: z.boolean().nullable().optional().describe("Value when value_type is bool."),
  float_value: z.number().nullable().optional().describe("Value when value_type is float."),
  trait_value: zOptionalTraitInputValue.describe("The value; its JSON type decides the stored type."),
};

export const ZTraitCreate = z.object({
  trait_key: z.string().trim().min(1).max(200).describe("The trait's key, unique per identity."),
  ...traitColumns,
});
export type TTraitCreate = z.infer<typeof ZTraitCreate>;

export const ZTraitUpdate = ZTraitCreate.partial();
export type TTraitUpdate = z.infer<typeof ZTraitUpdate>;

export const ZIdentityOverrideListQuery = ZPageQuery.extend({
  feature: z.coerce
    .number({ error: "A valid integer is required." })
    .int()
    .min(DB_INT_MIN)
    .max(DB_INT_MAX)
    .optional()
    .describe("Only the override of this feature id."),
  feature_name: z.string().optional().describe("Only the override of this feature name (case-insensitive)."),
});
export type TIdentityOverrideListQuery = z.infer<typeof ZIdentityOverrideListQuery>;

const overrideFields = {
  enabled: z.boolean().optional().describe("Whether the feature is on for this identity."),
  feature_state_value: zOverrideValue.describe(
    'The value: a string, integer or boolean, or a value object {"type", "string_value"|"integer_value"|"boolean_value"}.',
  ),
};

export const ZIdentityOverrideCreate = z.object({
  feature: zFeatureRef({ byName: false }).describe("Id of the feature to override."),
  ...overrideFields,
});
export type TIdentityOverrideCreate = z.infer<typeof ZIdentityOverrideCreate>;
export const ZIdentityOverrideUpdate = ZIdentityOverrideCreate;
export type TIdentityOverrideUpdate = z.infer<typeof ZIdentityOverrideUpdate>;

export const ZEdgeIdentityListQuery = z.object({
  page_size: z.coerce
    .number({
      error: (issue) => (issue.code === "invalid_type" ? "A valid integer is required." : undefined),
    })
    .int()
    .min(1)
    .optional()
    .describe("Identities per page (default and maximum 100)."),
  q: z
    .string()
    .optional()
    .describe(
      'Search: identifiers starting with the text (case-insensitive), or exactly it when quoted ("..."); ' +
        "prefix with dashboard_alias: to search aliases.",
    ),
  last_evaluated_key: z
    .string()
    .optional()
    .describe("The key the previous page returned, to read the next one."),
});
export type TEdgeIdentityListQuery = z.infer<typeof ZEdgeIdentityListQuery>;

const zDashboardAlias = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .transform((s) => s.toLowerCase())
  .describe("A name for the dashboard; stored lower-cased.");

export const ZEdgeIdentityCreate = z.object({
  identifier: zIdentifier,
  dashboard_alias: zDashboardAlias.optional(),
});
export type TEdgeIdentityCreate = z.infer<typeof ZEdgeIdentityCreate>;

export const ZEdgeIdentityUpdate = z.object({ dashboard_alias: zDashboardAlias.optional() });
export type TEdgeIdentityUpdate = z.infer<typeof ZEdgeIdentityUpdate>;

export const ZEdgeTraitUpdate = z.object({
  trait_key: z.string().trim().min(1).max(200).describe("The trait's key."),
  trait_value: zTraitInputValue.describe("The new value; null deletes the trait."),
});
export type TEdgeTraitUpdate = z.infer<typeof ZEdgeTraitUpdate>;

export const ZEdgeOverrideListQuery = z.object({
  feature: z.coerce
    .number({ error: "A valid integer is required." })
    .int()
    .min(DB_INT_MIN)
    .max(DB_INT_MAX)
    .optional()
    .describe("Only the override of this feature id."),
});
export type TEdgeOverrideListQuery = z.infer<typeof ZEdgeOverrideListQuery>;

export const ZEdgeOverrideWrite = z.object({
  feature: zFeatureRef({ byName: true }).describe("Id or name of the feature to override."),
  ...overrideFields,
});
export type TEdgeOverrideWrite = z.infer<typeof ZEdgeOverrideWrite>;

export const ZTraitDeleteQuery = z.object({
  deleteAllMatchingTraits: z
    .string()
    .optional()
    .describe("true: delete this key from every identity of the environment."),
});
