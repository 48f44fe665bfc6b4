import { z } from "zod";
import { zBool, ZFeatureValue, zInt, zText, ZTraitValue, zUuid } from "@/lib/api/response-schemas";

export const ZEdgeIdentity = z
  .strictObject({
    identity_uuid: zUuid("UUID of the identity; the `{identityUuid}` of edge-identity paths."),
    identifier: zText("Identifier, unique in the environment."),
    dashboard_alias: z
      .string()
      .nullable()
      .meta({ description: "Lower-cased name shown in the dashboard; null if none." }),
  })
  .meta({ id: "EdgeIdentity", description: "An identity addressed by UUID." });

export const ZEdgeIdentityPage = z
  .strictObject({
    results: z.array(ZEdgeIdentity).meta({ description: "The identities on this page." }),
    last_evaluated_key: z
      .string()
      .nullable()
      .meta({ description: "Pass as `last_evaluated_key` to read the next page; null on the last page." }),
  })
  .meta({
    id: "EdgeIdentityPage",
    description: "One page of edge identities (no count: Flagsmith's Edge paging).",
  });

export const ZEdgeTrait = z
  .strictObject({ trait_key: zText("Key of the trait."), trait_value: ZTraitValue })
  .meta({ id: "EdgeTrait", description: "A trait of an edge identity." });

export const ZEdgeTraitList = z.array(ZEdgeTrait).meta({ description: "The identity's traits." });

export const ZEdgeTraitUpdated = z
  .strictObject({
    trait_key: zText("Key of the trait."),
    trait_value: z
      .union([z.string(), z.number(), z.boolean()])
      .nullable()
      .meta({ description: "The stored value; null when the trait was deleted." }),
  })
  .meta({ id: "EdgeTraitUpdate", description: "The trait as written." });

const overrideFields = {
  feature_state_value: ZFeatureValue,
  feature: zInt("Id of the feature."),
  multivariate_feature_state_values: z
    .array(z.unknown())
    .max(0)
    .meta({ description: "Always empty: identity overrides have no variants." }),
  enabled: zBool("Whether the feature is on for the identity."),
  featurestate_uuid: zUuid("UUID of the override; the `{featurestateUuid}` of its path."),
};

export const ZEdgeOverride = z
  .strictObject({ ...overrideFields, identity_uuid: zUuid("UUID of the identity.") })
  .meta({ id: "EdgeIdentityOverride", description: "An identity override of an edge identity." });

export const ZEdgeOverrideList = z.array(ZEdgeOverride).meta({ description: "The identity's overrides." });

export const ZEnvironmentEdgeOverrides = z
  .strictObject({
    results: z
      .array(
        z
          .strictObject({
            identifier: zText("Identifier of the identity."),
            identity_uuid: zUuid("UUID of the identity."),
            feature_state: z.strictObject(overrideFields).meta({ description: "The override." }),
          })
          .meta({ description: "An identity and one of its overrides." }),
      )
      .meta({ description: "Every identity override of the environment, oldest first." }),
  })
  .meta({ id: "EnvironmentEdgeOverrides", description: "Identity overrides of an environment." });
