// The parts of Flagsmith's Admin API answers the importer reads. Fields are optional where
// Flagsmith versions differ; anything else in an answer is ignored.
export type SValueObject = {
  type?: string;
  string_value?: string | null;
  integer_value?: number | null;
  boolean_value?: boolean | null;
};
export type SScalar = string | number | boolean | null;
/** A source object's id: a number from the Admin API, a natural key (uuid, api key) from a dump. */
export type SId = number | string;

export type SOrganisation = { id: number; name: string };
export type SProject = {
  id: SId;
  name: string;
  hide_disabled_flags?: boolean;
  prevent_flag_defaults?: boolean;
  enable_realtime_updates?: boolean;
  stale_flags_limit_days?: number;
  use_edge_identities?: boolean;
};
export type SEnvironment = {
  id: SId;
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
export type STag = { id: SId; label: string; color?: string; description?: string | null };
export type SOption = {
  id: SId;
  type?: string;
  string_value?: string | null;
  integer_value?: number | null;
  boolean_value?: boolean | null;
  default_percentage_allocation?: number;
  key?: string | null;
};
export type SFeature = {
  id: SId;
  name: string;
  type?: string;
  default_enabled?: boolean;
  initial_value?: string | null;
  description?: string | null;
  is_archived?: boolean;
  is_server_key_only?: boolean;
  tags?: SId[];
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
  id: SId;
  /** The id percentage splits hash with, when `id` is not it (a dump written with kept ids). */
  hash_id?: number | null;
  name: string;
  description?: string | null;
  feature?: SId | null;
  rules?: SRule[];
};
export type SAllocation = { id?: number; multivariate_feature_option: SId; percentage_allocation: number };
export type SFeatureState = {
  id: SId;
  /** The id variants hash with, when `id` is not it (a dump written with kept ids). */
  hash_id?: number | null;
  feature: SId;
  enabled: boolean;
  feature_state_value: SValueObject | SScalar;
  multivariate_feature_state_values?: SAllocation[];
  identity?: number | { id: number } | null;
  feature_segment?: SId | null;
};
export type SFeatureSegment = { id: SId; segment: SId; priority: number };
export type SIdentity = { id?: number; identity_uuid?: string; identifier: string };
export type STrait = { trait_key: string; trait_value: SScalar };
export type SIdentityOverride = {
  feature: SId | { id: SId };
  enabled: boolean;
  feature_state_value: SValueObject | SScalar;
  multivariate_feature_state_values?: SAllocation[];
};
export type SServerKey = {
  id: SId;
  key: string;
  name: string;
  active?: boolean;
  expires_at?: string | null;
};

/** The id Flagsmith hashes an object with: its numeric id, else the one a dump kept. */
export const hashIdOf = (o: { id: SId; hash_id?: number | null }): number | null =>
  typeof o.id === "number" ? o.id : (o.hash_id ?? null);

/** Source order: numeric ids ascending (the Admin API's rows); dump rows keep the file's order. */
export const bySourceOrder = (a: { id?: SId }, b: { id?: SId }): number =>
  typeof a.id === "number" && typeof b.id === "number" ? a.id - b.id : 0;
