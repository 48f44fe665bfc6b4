// Identities, traits and identity overrides as Flagsmith's admin API shows them: core
// identities by id (IdentitySerializer, TraitSerializer), edge identities by uuid
// (EdgeIdentitySerializer, EdgeIdentityFeatureStateSerializer).
import { readValue } from "@/lib/values";

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

export function serializeIdentity(identity: IdentityRow) {
  return { id: identity.id, identifier: identity.identifier, environment: identity.environmentId };
}

export function serializeEdgeIdentity(identity: IdentityRow) {
  return {
    identity_uuid: identity.uuid,
    identifier: identity.identifier,
    dashboard_alias: identity.dashboardAlias,
  };
}

export function serializeTrait(trait: TraitRow) {
  const value = readValue(trait);
  const typed = (type: string) => (trait.valueType === type ? value : null);
  return {
    id: trait.id,
    trait_key: trait.traitKey,
    value_type: trait.valueType,
    integer_value: typed("int"),
    string_value: typed("unicode"),
    boolean_value: typed("bool"),
    float_value: typed("float"),
    created_date: trait.createdAt.toISOString(),
    trait_value: value,
  };
}

export function serializeEdgeTrait(trait: { traitKey: string; valueType: string; value: string }) {
  return { trait_key: trait.traitKey, trait_value: readValue(trait) };
}

/** Flagsmith's PATCH answer on identity feature states (FeatureStateSerializerCreate). */
export function serializeOverridePatch(state: OverrideRow) {
  return { feature: state.featureId, enabled: state.enabled };
}

export function serializeEdgeOverride(state: OverrideRow, identityUuid: string) {
  return {
    feature_state_value: readValue(state),
    feature: state.featureId,
    multivariate_feature_state_values: [],
    enabled: state.enabled,
    featurestate_uuid: state.uuid,
    identity_uuid: identityUuid,
  };
}
