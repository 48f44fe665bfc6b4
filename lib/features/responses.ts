import { z } from "zod";
import { paged, zBool, zDateTime, ZFeatureValue, zInt, zText, zUuid } from "@/lib/api/response-schemas";
import { ZCodeReferencesCount } from "@/lib/code-references/responses";
import { LIFECYCLE_STAGES } from "./lifecycle";

const empty = (description: string) => z.array(z.unknown()).max(0).meta({ description });

const optionFields = {
  id: zInt("Numeric id of the option."),
  uuid: zUuid("UUID of the option."),
  type: z.enum(["int", "unicode", "bool"]).meta({ description: "Which typed field holds the value." }),
  integer_value: z.int().nullable().meta({ description: "The value when `type` is `int`, else null." }),
  string_value: z.string().nullable().meta({ description: "The value when `type` is `unicode`, else null." }),
  boolean_value: z.boolean().nullable().meta({ description: "The value when `type` is `bool`, else null." }),
  default_percentage_allocation: z
    .number()
    .meta({ description: "Share (0–100) the option gets in every environment's default state." }),
  key: z
    .string()
    .nullable()
    .meta({ description: "Stable variant name, reported as an identity flag's `variant`." }),
};

export const ZNestedMultivariateOption = z
  .strictObject(optionFields)
  .meta({ id: "FeatureMultivariateOption", description: "A variant of a multivariate feature's value." });

export const ZMultivariateOption = z
  .strictObject({ ...optionFields, feature: zInt("Id of the feature.") })
  .meta({ id: "MultivariateOption", description: "A variant of a multivariate feature's value." });

export const ZMultivariateOptionPage = paged(ZMultivariateOption, "MultivariateOptionPage", "options");

const ZEnvironmentFeatureState = z
  .strictObject({
    id: zInt("Numeric id of the feature state."),
    feature_state_value: ZFeatureValue,
    environment: zInt("Id of the environment."),
    identity: z.int().nullable().meta({ description: "Always null: this is the environment default." }),
    feature_segment: z
      .int()
      .nullable()
      .meta({ description: "Always null: this is the environment default." }),
    enabled: zBool("Whether the feature is on in the environment."),
  })
  .meta({ description: "The feature's default state in the environment named by `?environment=`." });

export const ZFeatureOwner = z
  .strictObject({
    id: zInt("Numeric id of the user."),
    email: z.email().meta({ description: "Email address of the user." }),
    first_name: zText("First name."),
    last_name: zText("Last name."),
    last_login: z.iso.datetime().nullable().meta({ description: "Last sign-in; null if never." }),
    uuid: zUuid("UUID of the user."),
  })
  .meta({ id: "FeatureOwner", description: "A user who owns a feature." });

export const ZFeatureGroupOwner = z
  .strictObject({
    id: zInt("Numeric id of the permission group."),
    name: zText("Name of the group."),
  })
  .meta({ id: "FeatureGroupOwner", description: "A permission group that owns a feature." });

/** The answer of add-owners and remove-owners (Flagsmith's ProjectFeatureSerializer). */
export const ZOwnedFeature = z
  .strictObject({
    id: zInt("Numeric id of the feature."),
    name: zText("Name of the feature."),
    created_date: zDateTime("When the feature was created."),
    description: z.string().nullable().meta({ description: "Free text; null if none." }),
    initial_value: z.string().nullable().meta({ description: "Value new environments start with." }),
    default_enabled: zBool("Whether new environments start with the feature on."),
    type: z.enum(["STANDARD", "MULTIVARIATE"]).meta({ description: "The feature's type." }),
    owners: z.array(ZFeatureOwner).meta({ description: "Users who own the feature." }),
    group_owners: z
      .array(ZFeatureGroupOwner)
      .meta({ description: "Permission groups that own the feature, by id." }),
    is_server_key_only: zBool("Whether only server-side keys receive the feature."),
  })
  .meta({ id: "OwnedFeature", description: "A feature with its owners." });

export const ZFeature = z
  .strictObject({
    id: zInt("Numeric id of the feature."),
    name: zText("Name, unique in the project case-insensitively."),
    type: z
      .enum(["STANDARD", "MULTIVARIATE"])
      .meta({ description: "MULTIVARIATE when the feature has options, else STANDARD." }),
    default_enabled: zBool(
      "Whether the feature started on in the project's environments at creation, and starts on in environments created later.",
    ),
    initial_value: z
      .string()
      .nullable()
      .meta({ description: "Value new environments start with; null if none." }),
    created_date: zDateTime("When the feature was created."),
    description: z.string().nullable().meta({ description: "Free text; null if none." }),
    tags: z.array(z.int()).meta({ description: "Ids of the feature's tags." }),
    multivariate_options: z
      .array(ZNestedMultivariateOption)
      .meta({ description: "The feature's variants, by id." }),
    is_archived: zBool("Whether the feature is archived (still served, hidden in lists)."),
    owners: z.array(ZFeatureOwner).meta({ description: "Users who own the feature." }),
    group_owners: z
      .array(ZFeatureGroupOwner)
      .meta({ description: "Permission groups that own the feature, by id." }),
    uuid: zUuid("UUID of the feature."),
    project: zInt("Id of the project."),
    environment_feature_state: ZEnvironmentFeatureState.nullable().meta({
      description: "The default state in the environment named by `?environment=`; null without it.",
    }),
    num_segment_overrides: zInt(
      "Segment overrides in the environment named by `?environment=` (0 without it).",
    ),
    num_identity_overrides: z.int().nullable().meta({
      description: "Identity overrides in the environment named by `?environment=`; null without it.",
    }),
    is_num_identity_overrides_complete: zBool("Always true: the count is exact."),
    is_server_key_only: zBool("Whether only server-side keys receive the feature."),
    last_modified_in_any_environment: z.null().meta({ description: "Always null." }),
    last_modified_in_current_environment: z.null().meta({ description: "Always null." }),
    metadata: empty("Always empty: metadata is not supported."),
    code_references_counts: z.array(ZCodeReferencesCount).meta({
      description:
        "Per repository that ever found the feature: its references in that repository's latest scan. Filled in the features list; empty elsewhere.",
    }),
    lifecycle_stage: z.enum(LIFECYCLE_STAGES).nullable().meta({
      description:
        "The feature's lifecycle stage in the environment named by `?environment=` of the features list; null without it and elsewhere.",
    }),
  })
  .meta({ id: "Feature", description: "A feature (flag) of a project." });

/** A feature in the features list, with the list's Ensign extensions. */
export const ZListedFeature = ZFeature.extend({
  last_modified_in_any_environment: z.iso.datetime().nullable().meta({
    description:
      "When the latest version of the feature was published in any environment (a change of its default state or segment overrides); null if none was.",
  }),
  last_modified_in_current_environment: z.iso.datetime().nullable().meta({
    description:
      "As `last_modified_in_any_environment`, in the environment named by `?environment=`; null without it.",
  }),
  last_changed: zDateTime(
    "Ensign extension: the latest change of the feature's definition or of its default state or segment overrides in any environment.",
  ),
  is_stale: zBool(
    "Ensign extension: `last_changed` is older than the project's `stale_flags_limit_days` and no permanent tag is on the feature.",
  ),
}).meta({
  id: "ListedFeature",
  description: "A feature (flag) of a project, as the features list shows it.",
});

export const ZFeaturePage = paged(ZListedFeature, "FeaturePage", "features");

export const ZEvaluationData = z
  .array(
    z.strictObject({
      day: zText("The UTC day (YYYY-MM-DD)."),
      count: zInt("Evaluations the environment's SDKs reported that day."),
      labels: z.strictObject({}).meta({
        description: "Always empty: Ensign records no SDK labels (Flagsmith's client_application_name etc.).",
      }),
    }),
  )
  .meta({ id: "FeatureEvaluationData", description: "A feature's evaluations per day, oldest first." });

export const ZLifecycleCounts = z
  .strictObject(
    Object.fromEntries(LIFECYCLE_STAGES.map((stage) => [stage, zInt(`Features in stage ${stage}.`)])),
  )
  .meta({ id: "FeatureLifecycleCounts", description: "How many features are in each lifecycle stage." });
