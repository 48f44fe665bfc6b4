import { z } from "zod";
import { paged, zBool, zDateTime, ZFeatureValue, zInt, zText, ZTraitValue } from "@/lib/api/response-schemas";

export const ZIdentity = z
  .strictObject({
    id: zInt("Numeric id of the identity."),
    identifier: zText("Identifier, unique in the environment."),
    environment: zInt("Id of the environment."),
  })
  .meta({ id: "Identity", description: "An identity of an environment." });

export const ZIdentityPage = paged(ZIdentity, "IdentityPage", "identities");

export const ZTrait = z
  .strictObject({
    id: zInt("Numeric id of the trait."),
    trait_key: zText("Key of the trait, unique per identity."),
    value_type: z
      .enum(["int", "unicode", "bool", "float"])
      .meta({ description: "Stored type of the value." }),
    integer_value: z
      .int()
      .nullable()
      .meta({ description: "The value when `value_type` is `int`, else null." }),
    string_value: z
      .string()
      .nullable()
      .meta({ description: "The value when `value_type` is `unicode`, else null." }),
    boolean_value: z
      .boolean()
      .nullable()
      .meta({ description: "The value when `value_type` is `bool`, else null." }),
    float_value: z
      .number()
      .nullable()
      .meta({ description: "The value when `value_type` is `float`, else null." }),
    created_date: zDateTime("When the trait was stored."),
    trait_value: ZTraitValue,
  })
  .meta({ id: "Trait", description: "A stored trait of an identity." });

export const ZTraitPage = paged(ZTrait, "TraitPage", "traits");

export const ZOverrideSummary = z
  .strictObject({
    feature: zInt("Id of the feature."),
    enabled: zBool("Whether the feature is on for the identity."),
  })
  .meta({
    id: "OverrideSummary",
    description: "What PATCH answers, as Flagsmith does: feature and enabled only.",
  });

export const ZResolvedFlag = z
  .strictObject({
    feature: z
      .strictObject({
        id: zInt("Numeric id of the feature."),
        name: zText("Name of the feature."),
        type: z.enum(["STANDARD", "MULTIVARIATE"]).meta({ description: "Type of the feature." }),
      })
      .meta({ description: "The feature." }),
    enabled: zBool("Whether the feature is on for the identity."),
    feature_state_value: ZFeatureValue,
    overridden_by: z.enum(["SEGMENT", "IDENTITY"]).nullable().meta({
      description: "What decided the state: an identity override, a segment override, or null (default).",
    }),
    segment: z
      .strictObject({ id: zInt("Numeric id of the segment."), name: zText("Name of the segment.") })
      .nullable()
      .meta({ description: "The segment whose override applies; null otherwise." }),
    multivariate_feature_state_values: z
      .array(
        z
          .strictObject({
            multivariate_feature_option: z
              .strictObject({ value: ZFeatureValue })
              .meta({ description: "The option." }),
            percentage_allocation: z.number().meta({ description: "Share (0–100) of identities." }),
          })
          .meta({ description: "A multivariate option and its share." }),
      )
      .meta({ description: "Shares of the multivariate options of the deciding state." }),
  })
  .meta({ id: "ResolvedFlag", description: "A feature as one identity resolves it." });

export const ZResolvedFlagList = z
  .array(ZResolvedFlag)
  .meta({ description: "Every feature of the environment, as the identity resolves it." });
