// Builders for engine tests: the smallest valid documents, with overrides where a test cares.
import type { ConditionContext } from "./properties";
import { indexTraits } from "./properties";
import type {
  EngineCondition,
  EngineFeature,
  EngineFeatureState,
  EngineMultivariateValue,
  EngineRule,
  EngineSegment,
  EngineTrait,
  EnvironmentDocument,
  Operator,
  TraitValue,
  TraitValueType,
} from "./types";

export const API_KEY = "env-key";

export function feature(
  id: number,
  name = `feature_${id}`,
  type: EngineFeature["type"] = "STANDARD",
): EngineFeature {
  return { id, name, type };
}

export function state(
  feat: EngineFeature,
  overrides: Partial<Omit<EngineFeatureState, "feature">> = {},
): EngineFeatureState {
  return {
    feature: feat,
    enabled: true,
    django_id: null,
    featurestate_uuid: `00000000-0000-4000-8000-${String(feat.id).padStart(12, "0")}`,
    feature_state_value: null,
    feature_segment: null,
    multivariate_feature_state_values: [],
    ...overrides,
  };
}

export function mvValue(
  id: number | null,
  allocation: number,
  option: {
    id: number;
    value: EngineMultivariateValue["multivariate_feature_option"]["value"];
    key?: string | null;
  },
  uuid = `11111111-0000-4000-8000-${String(id ?? option.id).padStart(12, "0")}`,
): EngineMultivariateValue {
  return {
    id,
    mv_fs_value_uuid: uuid,
    percentage_allocation: allocation,
    multivariate_feature_option: { id: option.id, value: option.value, key: option.key ?? null },
  };
}

export function cond(operator: Operator, property: string | null, value: string | null): EngineCondition {
  return { operator, property_: property, value };
}

export function rule(
  type: EngineRule["type"],
  conditions: EngineCondition[],
  rules: EngineRule[] = [],
): EngineRule {
  return { type, conditions, rules };
}

export function segment(
  id: number,
  rules: EngineRule[],
  featureStates: EngineFeatureState[] = [],
  name = `segment_${id}`,
): EngineSegment {
  return { id, name, rules, feature_states: featureStates };
}

export function doc(
  overrides: Partial<EnvironmentDocument> = {},
  segments: EngineSegment[] = [],
): EnvironmentDocument {
  return {
    id: 1,
    api_key: API_KEY,
    name: "Development",
    allow_client_traits: true,
    updated_at: "2024-01-01T00:00:00Z",
    hide_sensitive_data: false,
    hide_disabled_flags: null,
    use_identity_composite_key_for_hashing: true,
    use_identity_overrides_in_local_eval: true,
    project: {
      id: 1,
      name: "Project",
      hide_disabled_flags: false,
      enable_realtime_updates: false,
      server_key_only_feature_ids: [],
      organisation: {
        id: 1,
        name: "Org",
        feature_analytics: false,
        stop_serving_flags: false,
        persist_trait_data: true,
      },
      segments,
    },
    feature_states: [],
    identity_overrides: [],
    ...overrides,
  };
}

export function trait(key: string, value: TraitValue | null, valueType?: TraitValueType): EngineTrait {
  return valueType
    ? { trait_key: key, trait_value: value, value_type: valueType }
    : { trait_key: key, trait_value: value };
}

/** A condition context for identity `identifier` in the fixture environment. */
export function context(traits: EngineTrait[] = [], identifier = "user"): ConditionContext {
  return {
    environment: { key: API_KEY, name: "Development" },
    identity: { identifier, key: `${API_KEY}_${identifier}`, traits: indexTraits(traits) },
  };
}
