// The parts of Flagsmith's Admin API answers the importer reads. Fields are optional where
// Flagsmith versions differ; anything else in an answer is ignored.
export type SValueObject = {
  type?: string;
  string_value?: string | null;
  integer_value?: number | null;
  boolean_value?: boolean | null;
};
export type SScalar = string | number | boolean | null;

export type SOrganisation = { id: number; name: string };
export type SProject = {
  id: number;
  name: string;
  hide_disabled_flags?: boolean;
  prevent_flag_defaults?: boolean;
  enable_realtime_updates?: boolean;
  stale_flags_limit_days?: number;
  use_edge_identities?: boolean;
};
export type SEnvironment = {
  id: number;
  name: string;
  api_key: string;
  description?: string | null;
  banner_text?: string | null;
  banner_colour?: string | null;
  minimum_change_request_approvals?: number | null;
  allow_client_traits?: boolean;
  hide_disabled_flags?: boolean | null;
  hide_sensitive_data?: boolean;
  use_identity_composite_key_for_hashing?: boolean;
  use_identity_overrides_in_local_eval?: boolean;
};
export type STag = { id: number; label: string; color?: string; description?: string | null };
export type SOption = {
  id: number;
  type?: string;
  string_value?: string | null;
  integer_value?: number | null;
  boolean_value?: boolean | null;
  default_percentage_allocation?: number;
  key?: string | null;
};
export type SFeature = {
  id: number;
  name: string;
  type?: string;
  default_enabled?: boolean;
  initial_value?: string | null;
  description?: string | null;
  is_archived?: boolean;
  is_server_key_only?: boolean;
  tags?: number[];
  owners?: { email?: string }[];
  multivariate_options?: SOption[];
};
export type SCondition = {
  operator: string;
  property?: string | null;
  value?: string | null;
  description?: string | null;
};
export type SRule = { type: string; rules?: SRule[]; conditions?: SCondition[] };
export type SSegment = {
  id: number;
  name: string;
  description?: string | null;
  feature?: number | null;
  rules?: SRule[];
};
export type SAllocation = { id?: number; multivariate_feature_option: number; percentage_allocation: number };
export type SFeatureState = {
  id: number;
  feature: number;
  enabled: boolean;
  feature_state_value: SValueObject | SScalar;
  multivariate_feature_state_values?: SAllocation[];
  identity?: number | { id: number } | null;
  feature_segment?: number | null;
};
export type SFeatureSegment = { id: number; segment: number; priority: number };
export type SIdentity = { id?: number; identity_uuid?: string; identifier: string };
export type STrait = { trait_key: string; trait_value: SScalar };
export type SIdentityOverride = {
  feature: number | { id: number };
  enabled: boolean;
  feature_state_value: SValueObject | SScalar;
  multivariate_feature_state_values?: SAllocation[];
};
export type SServerKey = {
  id: number;
  key: string;
  name: string;
  active?: boolean;
  expires_at?: string | null;
};
