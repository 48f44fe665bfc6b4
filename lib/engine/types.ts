// The engine's single model of an environment. Field names are snake_case because this is the
// wire shape of GET /api/v1/environment-document/: server-side evaluation and an SDK's local
// evaluation read the same document, so they agree by construction.

export type FeatureType = "STANDARD" | "MULTIVARIATE";
export type FlagValue = string | number | boolean | null;
export type TraitValue = string | number | boolean;

export const OPERATORS = [
  "EQUAL",
  "NOT_EQUAL",
  "GREATER_THAN",
  "LESS_THAN",
  "GREATER_THAN_INCLUSIVE",
  "LESS_THAN_INCLUSIVE",
  "CONTAINS",
  "NOT_CONTAINS",
  "REGEX",
  "PERCENTAGE_SPLIT",
  "IS_SET",
  "IS_NOT_SET",
  "IN",
  "MODULO",
] as const;
export type Operator = (typeof OPERATORS)[number];

export const RULE_TYPES = ["ALL", "ANY", "NONE"] as const;
export type RuleType = (typeof RULE_TYPES)[number];

export type EngineFeature = { id: number; name: string; type: FeatureType };

export type EngineMultivariateValue = {
  id: number | null;
  mv_fs_value_uuid: string;
  percentage_allocation: number;
  multivariate_feature_option: { id: number; value: FlagValue; key: string | null };
};

export type EngineFeatureState = {
  feature: EngineFeature;
  enabled: boolean;
  django_id: number | null;
  featurestate_uuid: string;
  feature_state_value: FlagValue;
  feature_segment: { priority: number } | null;
  multivariate_feature_state_values: EngineMultivariateValue[];
};

export type EngineCondition = { operator: Operator; value: string | null; property_: string | null };

export type EngineRule = { type: RuleType; rules: EngineRule[]; conditions: EngineCondition[] };

export type EngineSegment = {
  id: number;
  name: string;
  rules: EngineRule[];
  feature_states: EngineFeatureState[];
};

export type EngineIdentityOverride = {
  identifier: string;
  environment_api_key: string;
  composite_key: string;
  created_date: string;
  identity_uuid: string;
  django_id: number | null;
  dashboard_alias: string | null;
  identity_traits: [];
  identity_features: EngineFeatureState[];
};

export type EnvironmentDocument = {
  id: number;
  api_key: string;
  name: string;
  allow_client_traits: boolean;
  updated_at: string;
  hide_sensitive_data: boolean;
  hide_disabled_flags: boolean | null;
  use_identity_composite_key_for_hashing: boolean;
  use_identity_overrides_in_local_eval: boolean;
  project: {
    id: number;
    name: string;
    hide_disabled_flags: boolean;
    enable_realtime_updates: boolean;
    server_key_only_feature_ids: number[];
    organisation: {
      id: number;
      name: string;
      feature_analytics: boolean;
      stop_serving_flags: boolean;
      persist_trait_data: boolean;
    };
    segments: EngineSegment[];
  };
  feature_states: EngineFeatureState[];
  identity_overrides: EngineIdentityOverride[];
};

/** Flagsmith's stored trait types. JSON cannot tell 5 from 5.0, so callers that know pass it. */
export type TraitValueType = "int" | "float" | "bool" | "unicode";

export type EngineTrait = {
  trait_key: string;
  trait_value: TraitValue | null;
  /** Stored type hint; only consulted for numbers (a "float" hint keeps 5 a float, as Python would). */
  value_type?: TraitValueType;
};
