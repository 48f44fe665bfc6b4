// What the SDK endpoints send (lib/sdk): flags, identities with their flags, the environment
// document for local evaluation, and evaluation counts.
import { z } from "zod";
import { OPERATORS, RULE_TYPES } from "@/lib/engine";
import { zBool, zDateTime, ZFeatureValue, zInt, zText, ZTraitValue, zUuid } from "@/lib/api/response-schemas";

const HIDDEN = " Null when the environment hides sensitive data.";
const zHideable = (description: string) =>
  z
    .int()
    .nullable()
    .meta({ description: description + HIDDEN });

const ZFlagFeature = z
  .strictObject({
    id: zInt("Numeric id of the feature."),
    name: zText("Name of the feature."),
    created_date: z.iso
      .datetime()
      .nullable()
      .meta({ description: `When the feature was created.${HIDDEN}` }),
    description: z
      .string()
      .nullable()
      .meta({ description: `Description; null if none.${HIDDEN}` }),
    initial_value: z
      .string()
      .nullable()
      .meta({ description: `The feature's initial value; null if none.${HIDDEN}` }),
    default_enabled: z
      .boolean()
      .nullable()
      .meta({ description: `Whether new environments start with it on.${HIDDEN}` }),
    type: z.enum(["STANDARD", "MULTIVARIATE"]).meta({ description: "Type of the feature." }),
  })
  .meta({ id: "FlagFeature", description: "The feature of a flag." });

const flagFields = {
  id: zHideable("Numeric id of the deciding feature state."),
  feature: ZFlagFeature,
  feature_state_value: ZFeatureValue,
  environment: zHideable("Id of the environment."),
  identity: zHideable("Id of the identity of an identity override; null otherwise."),
  feature_segment: zHideable("Id of the feature segment of a segment override; null otherwise."),
  enabled: zBool("Whether the feature is on."),
};

export const ZFlag = z
  .strictObject(flagFields)
  .meta({ id: "Flag", description: "A flag as SDKs receive it." });

export const ZFlagList = z
  .array(ZFlag)
  .meta({ description: "The environment's flags (enabled ones only when disabled flags are hidden)." });

export const ZIdentityFlag = z
  .strictObject({
    ...flagFields,
    variant: z.string().nullable().meta({
      description:
        "Key of the multivariate option chosen (null if it has no key), `control`, or null for a standard feature.",
    }),
  })
  .meta({ id: "IdentityFlag", description: "A flag as one identity resolves it." });

export const ZSdkTrait = z
  .strictObject({
    id: z.int().nullable().meta({ description: "Numeric id of the stored trait; null if not stored." }),
    trait_key: zText("Key of the trait."),
    trait_value: ZTraitValue,
    transient: zBool("Whether the trait was used without being stored."),
  })
  .meta({ id: "SdkTrait", description: "A trait the flags were evaluated with." });

export const ZIdentityFlags = z
  .strictObject({
    identifier: zText("Identifier of the identity (generated when the request named none)."),
    traits: z.array(ZSdkTrait).meta({
      description: "Traits used for evaluation (stored and sent); empty when sensitive data is hidden.",
    }),
    flags: z.array(ZIdentityFlag).meta({ description: "The identity's flags." }),
  })
  .meta({ id: "IdentityFlags", description: "An identity with its traits and flags." });

// The environment document ---------------------------------------------------------------------

const ZDocumentFeatureState = z
  .strictObject({
    feature: z
      .strictObject({
        id: zInt("Numeric id of the feature."),
        name: zText("Name of the feature."),
        type: z.enum(["STANDARD", "MULTIVARIATE"]).meta({ description: "Type of the feature." }),
      })
      .meta({ description: "The feature." }),
    enabled: zBool("Whether the feature is on."),
    django_id: z
      .int()
      .nullable()
      .meta({ description: "Id of the feature state; the seed of variant hashing." }),
    featurestate_uuid: zUuid("UUID of the feature state."),
    feature_state_value: ZFeatureValue,
    feature_segment: z
      .strictObject({ priority: zInt("Evaluation order; 0 first.") })
      .nullable()
      .meta({ description: "The priority of a segment override; null otherwise." }),
    multivariate_feature_state_values: z
      .array(
        z
          .strictObject({
            id: z.int().nullable().meta({ description: "Numeric id of the allocation." }),
            mv_fs_value_uuid: zUuid("UUID of the allocation."),
            percentage_allocation: z.number().meta({ description: "Share (0–100) of identities." }),
            multivariate_feature_option: z
              .strictObject({
                id: zInt("Numeric id of the option."),
                value: ZFeatureValue,
                key: z.string().nullable().meta({ description: "Variant name; null if none." }),
              })
              .meta({ description: "The option." }),
          })
          .meta({ description: "A multivariate option and its share." }),
      )
      .meta({ description: "Shares of the feature's multivariate options." }),
  })
  .meta({ id: "DocumentFeatureState", description: "A feature state in the environment document." });

type DocumentRule = {
  type: (typeof RULE_TYPES)[number];
  rules: DocumentRule[];
  conditions: { operator: (typeof OPERATORS)[number]; value: string | null; property_: string | null }[];
};

const ZDocumentRule: z.ZodType<DocumentRule> = z
  .lazy(() =>
    z.strictObject({
      type: z.enum(RULE_TYPES).meta({ description: "How nested rules and conditions combine." }),
      rules: z.array(ZDocumentRule).meta({ description: "Nested rules." }),
      conditions: z
        .array(
          z
            .strictObject({
              operator: z.enum(OPERATORS).meta({ description: "Comparison operator." }),
              value: z.string().nullable().meta({ description: "Value compared with; null if none." }),
              property_: z.string().nullable().meta({ description: "Trait key or JSONPath; null if none." }),
            })
            .meta({ description: "A condition (note `property_`, as Flagsmith's engine names it)." }),
        )
        .meta({ description: "Conditions of the rule." }),
    }),
  )
  .meta({ id: "DocumentRule", description: "A segment rule in the environment document." });

export const ZEnvironmentDocument = z
  .strictObject({
    id: zInt("Numeric id of the environment."),
    api_key: zText("The environment's client-side key."),
    name: zText("Name of the environment."),
    allow_client_traits: zBool("Whether client-side keys may set traits."),
    updated_at: zDateTime("When anything in the document last changed."),
    hide_sensitive_data: zBool("Whether SDK responses leave out ids, descriptions and traits."),
    hide_disabled_flags: z
      .boolean()
      .nullable()
      .meta({ description: "Environment setting; null follows the project." }),
    use_identity_composite_key_for_hashing: zBool("Whether hashing uses `<api_key>_<identifier>`."),
    use_identity_overrides_in_local_eval: zBool("Whether `identity_overrides` is filled."),
    project: z
      .strictObject({
        id: zInt("Numeric id of the project."),
        name: zText("Name of the project."),
        hide_disabled_flags: zBool("Project setting: only enabled flags are served."),
        enable_realtime_updates: zBool("Project setting: real-time updates."),
        server_key_only_feature_ids: z
          .array(z.int())
          .meta({ description: "Features served to server-side keys only." }),
        organisation: z
          .strictObject({
            id: zInt("Numeric id of the organisation."),
            name: zText("Name of the organisation."),
            feature_analytics: zBool("Whether flag analytics are recorded."),
            stop_serving_flags: zBool("Whether flags are no longer served."),
            persist_trait_data: zBool("Whether traits are stored."),
          })
          .meta({ description: "The project's organisation." }),
        segments: z
          .array(
            z
              .strictObject({
                id: zInt("Numeric id of the segment."),
                name: zText("Name of the segment."),
                rules: z.array(ZDocumentRule).meta({ description: "Top-level rules; all must match." }),
                feature_states: z
                  .array(ZDocumentFeatureState)
                  .meta({ description: "The segment's overrides in this environment." }),
              })
              .meta({ description: "A segment with its overrides." }),
          )
          .meta({ description: "General segments, and feature-specific ones that override something here." }),
      })
      .meta({ description: "The environment's project." }),
    feature_states: z
      .array(ZDocumentFeatureState)
      .meta({ description: "The environment's default feature states, one per feature." }),
    identity_overrides: z
      .array(
        z
          .strictObject({
            identifier: zText("Identifier of the identity."),
            environment_api_key: zText("The environment's client-side key."),
            composite_key: zText("`<api_key>_<identifier>`."),
            created_date: zDateTime("When the identity was created."),
            identity_uuid: zUuid("UUID of the identity."),
            django_id: z.int().nullable().meta({ description: "Numeric id of the identity." }),
            dashboard_alias: z.null().meta({ description: "Always null." }),
            identity_traits: z.array(z.unknown()).max(0).meta({ description: "Always empty." }),
            identity_features: z
              .array(ZDocumentFeatureState)
              .meta({ description: "The identity's overrides." }),
          })
          .meta({ description: "An identity with overrides." }),
      )
      .meta({
        description: "Identities with overrides (empty unless use_identity_overrides_in_local_eval).",
      }),
  })
  .meta({ id: "EnvironmentDocument", description: "Everything a local-evaluation SDK needs." });

export const ZFlagAnalytics = z
  .record(
    z.string(),
    z
      .array(
        z
          .strictObject({
            day: z.iso.date().meta({ description: "UTC day." }),
            count: zInt("Evaluations the SDKs reported that day."),
          })
          .meta({ description: "Evaluations of one day." }),
      )
      .meta({ description: "One entry per day of the window, oldest first (0 when nothing was reported)." }),
  )
  .meta({ id: "FlagAnalytics", description: "Evaluation counts by feature name." });

const ZTraitEchoValue = z
  .union([z.string(), z.number(), z.boolean()])
  .nullable()
  .meta({ description: "The value written; null when the trait was deleted." });

export const ZTraitWritten = z
  .strictObject({
    identity: z
      .strictObject({ identifier: zText("Identifier of the identity.") })
      .meta({ description: "The identity." }),
    trait_key: zText("Key of the trait."),
    trait_value: ZTraitEchoValue,
  })
  .meta({ id: "TraitWrite", description: "A trait as written." });

export const ZTraitWrittenList = z.array(ZTraitWritten).meta({ description: "The traits as written." });

export const ZTraitIncremented = z
  .strictObject({
    trait_key: zText("Key of the trait."),
    trait_value: zInt("The trait's new value."),
    identifier: zText("Identifier of the identity."),
  })
  .meta({ id: "TraitIncrement", description: "The trait after the increment." });
