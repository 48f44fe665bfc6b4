// Feature states as the admin API shows them (lib/features/serializers.ts): the flat form
// with the raw typed value, and the nested form whose value is a typed object.
import { z } from "zod";
import { paged, zBool, zDateTime, ZFeatureValue, zInt, zUuid } from "@/lib/api/response-schemas";

export const ZFeatureValueObject = z
  .strictObject({
    type: z
      .enum(["int", "unicode", "bool"])
      .meta({ description: "Which of the typed fields holds the value." }),
    string_value: z
      .string()
      .nullable()
      .meta({ description: "The value when `type` is `unicode`, else null." }),
    integer_value: z.int().nullable().meta({ description: "The value when `type` is `int`, else null." }),
    boolean_value: z
      .boolean()
      .nullable()
      .meta({ description: "The value when `type` is `bool`, else null." }),
  })
  .meta({ id: "FeatureValueObject", description: "A feature value with its type." });

export const ZMultivariateStateValue = z
  .strictObject({
    id: zInt("Numeric id of this allocation."),
    uuid: zUuid("UUID of this allocation."),
    multivariate_feature_option: zInt("Id of the multivariate option."),
    percentage_allocation: z
      .number()
      .meta({ description: "Share of identities (0–100) that get the option." }),
  })
  .meta({
    id: "MultivariateStateValue",
    description: "The share of a multivariate option in a feature state.",
  });

const stateFields = {
  id: zInt("Numeric id of the feature state."),
  uuid: zUuid("UUID of the feature state."),
  feature_state_value: ZFeatureValue,
  multivariate_feature_state_values: z
    .array(ZMultivariateStateValue)
    .meta({ description: "Shares of the feature's multivariate options, by id." }),
  enabled: zBool("Whether the feature is on."),
  created_at: zDateTime("When the state was created."),
  updated_at: zDateTime("When the state last changed."),
  live_from: zDateTime("Since when the state applies (its creation)."),
  version: zInt("Always 1: feature versioning is not supported."),
  deleted_at: z.null().meta({ description: "Always null." }),
  feature: zInt("Id of the feature."),
  environment: zInt("Id of the environment."),
  identity: z
    .union([
      z
        .strictObject({
          id: zInt("Numeric id of the identity."),
          identifier: z.string().meta({ description: "Identifier of the identity." }),
        })
        .meta({ description: "The identity this state overrides the feature for." }),
      z.int(),
      z.null(),
    ])
    .meta({ description: "The identity of an identity override (object or id); null otherwise." }),
  feature_segment: z
    .int()
    .nullable()
    .meta({ description: "Id of the feature segment of a segment override; null otherwise." }),
  change_request: z.null().meta({ description: "Always null: change requests are not supported." }),
  environment_feature_version: z.null().meta({ description: "Always null: versioning is not supported." }),
};

export const ZFeatureState = z
  .strictObject(stateFields)
  .meta({ id: "FeatureState", description: "The state of a feature in an environment." });

export const ZFeatureStateNested = z
  .strictObject({ ...stateFields, feature_state_value: ZFeatureValueObject })
  .meta({ id: "FeatureStateWithValueObject", description: "A feature state whose value is a typed object." });

export const ZFeatureStatePage = paged(ZFeatureState, "FeatureStatePage", "feature states");
export const ZFeatureStateNestedPage = paged(
  ZFeatureStateNested,
  "FeatureStateWithValueObjectPage",
  "feature states",
);
