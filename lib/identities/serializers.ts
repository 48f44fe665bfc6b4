// Identities, traits and identity overrides as Flagsmith's admin API shows them: core
// identities by id (IdentitySerializer, TraitSerializer), edge identities by uuid
// (EdgeIdentitySerializer, EdgeIdentityFeatureStateSerializer).
import { readValue } from "@/lib/values";
import type { z } from "zod";
import type { ZIdentity, ZTrait } from "@/lib/identities/responses";
import type { ZEdgeIdentity, ZEdgeOverride, ZEdgeTrait } from "@/lib/identities/edge-responses";

export type IdentityRow = {
  id: number;
  uuid: string;
  identifier: string;
  environmentId: number;
  dashboardAlias: string | null;
};

export type TraitRow = {
  id: number;
  traitKey: string;
  valueType: string;
  value: string;
  createdAt: Date;
};

export type OverrideRow = {
  uuid: string;
  featureId: number;
  enabled: boolean;
  valueType: string;
  value: string | null;
};

export function serializeIdentity(identity: IdentityRow): z.infer<typeof ZIdentity> {
  return { id: identity.id, identifier: identity.identifier, environment: identity.environmentId };
}

export function serializeEdgeIdentity(identity: IdentityRow): z.infer<typeof ZEdgeIdentity> {
  return {
    identity_uuid: identity.uuid,
    identifier: identity.identifier,
    dashboard_alias: identity.dashboardAlias,
  };
}

export function serializeTrait(trait: TraitRow): z.infer<typeof ZTrait> {
  const value = readValue(trait);
  const typed = <T>(type: string) => (trait.valueType === type ? (value as T) : null);
  return {
    id: trait.id,
    trait_key: trait.traitKey,
    value_type: trait.valueType as z.infer<typeof ZTrait>["value_type"],
    integer_value: typed<number>("int"),
    string_value: typed<string>("unicode"),
    boolean_value: typed<boolean>("bool"),
    float_value: typed<number>("float"),
    created_date: trait.createdAt.toISOString(),
    // A stored trait always has a value: deleting it removes the row.
    trait_value: value as string | number | boolean,
  };
}

export function serializeEdgeTrait(trait: {
  traitKey: string;
  valueType: string;
  value: string;
}): z.infer<typeof ZEdgeTrait> {
  return { trait_key: trait.traitKey, trait_value: readValue(trait) as string | number | boolean };
}

/** Flagsmith's PATCH answer on identity feature states (FeatureStateSerializerCreate). */
export function serializeOverridePatch(state: OverrideRow) {
  return { feature: state.featureId, enabled: state.enabled };
}

export function serializeEdgeOverride(
  state: OverrideRow,
  identityUuid: string,
): z.infer<typeof ZEdgeOverride> {
  return {
    feature_state_value: readValue(state),
    feature: state.featureId,
    multivariate_feature_state_values: [],
    enabled: state.enabled,
    featurestate_uuid: state.uuid,
    identity_uuid: identityUuid,
  };
}
