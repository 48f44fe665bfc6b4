// The shape of Flagsmith's organisation dump (its `dumporganisationtolocalfs` command, written
// by api/import_export/export.py): a JSON array of Django fixture rows {model, pk?, fields},
// with natural keys (uuid, an environment's api_key, [identifier, api_key]) in place of ids.
// Only the fields Ensign reads are checked; any other field is left alone.
import { z } from "zod";

/** Largest dump the API route takes (the CLI reads larger files). */
export const MAX_DUMP_UPLOAD_BYTES = 1_000_000;
/** Largest dump the CLI reads. */
export const MAX_DUMP_FILE_BYTES = 200_000_000;
/** Most rows one dump may hold. */
export const MAX_DUMP_ROWS = 2_000_000;

const text = (max: number) => z.string().max(max);
const optText = (max: number) => text(max).nullish();
const bool = z.boolean().nullish();

/** A natural key as Django writes it: a list (["<uuid>"]), or the bare value. */
const naturalKey = z
  .union([
    z
      .array(z.union([z.string(), z.number()]))
      .min(1)
      .max(3),
    z.string(),
    z.number(),
  ])
  .transform((v) => (Array.isArray(v) ? v.map(String) : [String(v)]));
const ref = naturalKey.transform((v) => v[0]);
const optRef = naturalKey.nullish().transform((v) => (v ? v[0] : null));
const uuid = z.string().min(1).max(100);

export const ZDumpRow = z.object({
  model: z.string().max(200),
  pk: z.union([z.number(), z.string()]).nullish(),
  fields: z.record(z.string(), z.unknown()),
});
export const ZDumpFile = z.array(ZDumpRow).max(MAX_DUMP_ROWS);
export type TDumpRow = z.infer<typeof ZDumpRow>;

const valueFields = {
  type: z.enum(["int", "unicode", "bool"]).nullish(),
  string_value: optText(20_000),
  integer_value: z.number().int().nullish(),
  boolean_value: bool,
};

/** The fields Ensign reads, per model it carries over. */
export const DUMP_MODELS = {
  "organisations.organisation": z.object({ uuid, name: text(2000) }),
  "projects.project": z.object({
    uuid,
    name: text(2000),
    hide_disabled_flags: bool,
    prevent_flag_defaults: bool,
    enable_realtime_updates: bool,
    stale_flags_limit_days: z.number().int().min(1).max(100_000).nullish(),
    enable_dynamo_db: bool,
  }),
  "environments.environment": z.object({
    api_key: text(100).min(1),
    name: text(2000),
    project: ref,
    description: optText(20_000),
    banner_text: optText(255),
    banner_colour: optText(7),
    minimum_change_request_approvals: z.number().int().min(0).nullish(),
    allow_client_traits: bool,
    hide_disabled_flags: bool,
    hide_sensitive_data: bool,
    use_identity_composite_key_for_hashing: bool,
    use_identity_overrides_in_local_eval: bool,
  }),
  "environments.environmentapikey": z.object({
    key: text(100).min(1),
    name: text(100),
    environment: ref,
    active: bool,
    expires_at: z.string().max(40).nullish(),
  }),
  "tags.tag": z.object({
    uuid,
    label: text(100),
    color: optText(10),
    description: optText(512),
    project: ref,
  }),
  "features.feature": z.object({
    uuid,
    name: text(2000).min(1),
    project: ref,
    initial_value: optText(20_000),
    description: optText(20_000),
    default_enabled: bool,
    type: optText(50),
    tags: z.array(naturalKey).max(1000).nullish(),
    is_archived: bool,
    is_server_key_only: bool,
  }),
  "multivariate.multivariatefeatureoption": z.object({
    uuid,
    feature: ref,
    ...valueFields,
    default_percentage_allocation: z.number().min(0).max(100).nullish(),
    key: optText(200),
  }),
  "segments.segment": z.object({
    uuid,
    name: text(2000),
    description: optText(20_000),
    project: ref,
    feature: optRef,
  }),
  "segments.segmentrule": z.object({
    uuid,
    segment: optRef,
    rule: optRef,
    type: z.enum(["ALL", "ANY", "NONE"]),
  }),
  "segments.condition": z.object({
    uuid,
    rule: ref,
    operator: text(500),
    property: optText(1000),
    value: optText(20_000),
    description: optText(20_000),
  }),
  "features.featuresegment": z.object({
    uuid,
    feature: ref,
    segment: ref,
    environment: ref,
    priority: z.number().int().min(0).nullish(),
    environment_feature_version: optRef,
  }),
  "feature_versioning.environmentfeatureversion": z.object({
    uuid,
    feature: ref,
    environment: ref,
    live_from: z.string().max(40).nullish(),
    published_at: z.string().max(40).nullish(),
  }),
  "features.featurestate": z.object({
    uuid,
    feature: ref,
    environment: optRef,
    identity: naturalKey.nullish(),
    feature_segment: optRef,
    enabled: bool,
    version: z.number().int().nullish(),
    live_from: z.string().max(40).nullish(),
    environment_feature_version: optRef,
  }),
  "features.featurestatevalue": z.object({ feature_state: ref, ...valueFields }),
  "multivariate.multivariatefeaturestatevalue": z.object({
    feature_state: ref,
    multivariate_feature_option: ref,
    percentage_allocation: z.number().min(0).max(100),
  }),
  "identities.identity": z.object({ identifier: text(2000).min(1), environment: ref }),
  "traits.trait": z.object({
    identity: naturalKey,
    trait_key: text(200).min(1),
    value_type: optText(10),
    string_value: optText(2000),
    integer_value: z.number().int().nullish(),
    float_value: z.number().nullish(),
    boolean_value: bool,
  }),
} as const;

export type DumpModel = keyof typeof DUMP_MODELS;
export type DumpFields<M extends DumpModel> = z.infer<(typeof DUMP_MODELS)[M]>;

export const isDumpModel = (model: string): model is DumpModel => Object.hasOwn(DUMP_MODELS, model);
