// Shapes of the /api/v1 answers the dashboard reads (Flagsmith's field names).
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export type User = {
  id: number;
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  json_view: boolean;
  date_joined: string;
  last_login: string | null;
};

export type Organisation = {
  id: number;
  uuid: string;
  name: string;
  created_date: string;
  persist_trait_data: boolean;
  stop_serving_flags: boolean;
  feature_analytics: boolean;
  role: "ADMIN" | "USER" | null;
};

export type Project = {
  id: number;
  uuid: string;
  name: string;
  organisation: number;
  hide_disabled_flags: boolean;
  prevent_flag_defaults: boolean;
  stale_flags_limit_days: number;
  created_date: string;
};

export type Environment = {
  id: number;
  uuid: string;
  name: string;
  api_key: string;
  description: string | null;
  project: number;
  allow_client_traits: boolean;
  hide_disabled_flags: boolean | null;
  hide_sensitive_data: boolean;
  /** Ensign extension: every dashboard change here asks first. */
  is_protected: boolean;
};

/** An organisation API key (`Api-Key <key>`); `key` is set only in the answer to create. */
export type MasterApiKey = {
  id: number;
  prefix: string;
  created: string;
  name: string;
  revoked: boolean;
  expiry_date: string | null;
  key: string | null;
  is_admin: boolean;
  has_expired: boolean;
  created_by: number | null;
  user_id: number;
};

export type ServerKey = {
  id: number;
  key: string;
  active: boolean;
  created_at: string;
  name: string;
  expires_at: string | null;
};

export type FlagValue = string | number | boolean | null;

export type MultivariateOption = {
  id: number;
  uuid?: string;
  type: "unicode" | "int" | "bool";
  integer_value: number | null;
  string_value: string | null;
  boolean_value: boolean | null;
  default_percentage_allocation: number;
  key?: string | null;
  feature?: number;
};

export type Feature = {
  id: number;
  uuid: string;
  name: string;
  type: "STANDARD" | "MULTIVARIATE";
  default_enabled: boolean;
  initial_value: string | null;
  created_date: string;
  description: string | null;
  multivariate_options: MultivariateOption[];
  is_archived: boolean;
  is_server_key_only: boolean;
  project: number;
  num_segment_overrides?: number | null;
  num_identity_overrides?: number | null;
  tags: number[];
  owners: FeatureOwner[];
  group_owners: FeatureGroupOwner[];
  /** Features list only (Ensign extensions). */
  last_changed?: string;
  is_stale?: boolean;
};

export type FeatureOwner = { id: number; email: string; first_name: string; last_name: string };
/** A permission group, as a feature's group owner or in an organisation's group summaries. */
export type FeatureGroupOwner = { id: number; name: string };

export type Tag = {
  id: number;
  uuid: string;
  label: string;
  color: string;
  description: string | null;
  project: number;
  is_permanent: boolean;
  is_system_tag: boolean;
  type: string;
};

export type MultivariateStateValue = {
  id?: number;
  multivariate_feature_option: number;
  percentage_allocation: number;
};

export type FeatureState = {
  id: number;
  uuid: string;
  feature_state_value: FlagValue;
  multivariate_feature_state_values: MultivariateStateValue[];
  enabled: boolean;
  feature: number;
  environment: number;
  identity: number | { id: number; identifier: string } | null;
  feature_segment: number | null;
  updated_at?: string;
};

export type Condition = { property: string | null; operator: string; value: string | null; id?: number };
export type Rule = { type: "ALL" | "ANY" | "NONE"; rules: Rule[]; conditions: Condition[]; id?: number };

export type Segment = {
  id: number;
  uuid: string;
  name: string;
  description: string | null;
  project: number;
  feature: number | null;
  rules: Rule[];
};

export type FeatureSegment = {
  id: number;
  uuid?: string;
  feature: number;
  segment: number;
  environment: number;
  priority: number;
  segment_name?: string;
};

export type Identity = { id: number; identifier: string; environment: number; identity_uuid?: string };

export type Trait = {
  id: number;
  trait_key: string;
  value_type?: string;
  trait_value?: FlagValue;
  integer_value?: number | null;
  string_value?: string | null;
  boolean_value?: boolean | null;
  float_value?: number | null;
};

export type ResolvedFeatureState = {
  feature: { id: number; name: string; type: string };
  enabled: boolean;
  feature_state_value: FlagValue;
  overridden_by: null | "SEGMENT" | "IDENTITY";
  segment: null | { id: number; name: string };
};

/** A feature state as /features/featurestates/ shows it: the value as a typed object. */
export type ValueObject = {
  type: string;
  string_value: string | null;
  integer_value: number | null;
  boolean_value: boolean | null;
};
export type SegmentOverrideState = Omit<FeatureState, "feature_state_value"> & {
  feature_state_value: ValueObject;
};

export type AuditLogEntry = {
  id: number;
  created_date: string;
  log: string;
  author: { id: number; email: string; first_name: string; last_name: string } | null;
  environment: { id: number; name: string } | null;
  project: { id: number; name: string } | null;
  related_object_id: number | null;
  related_object_uuid: string | null;
  related_object_type: string;
  is_system_event: boolean;
};
export type AuditLogEntryDetail = AuditLogEntry & {
  change_type: "CREATE" | "UPDATE" | "DELETE";
  change_details: { field: string; old: unknown; new: unknown }[];
};

export type Webhook = {
  id: number;
  url: string;
  enabled: boolean;
  secret: string;
  created_at: string;
  updated_at: string;
};
export type WebhookDelivery = {
  id: number;
  event_type: string;
  status: "PENDING" | "DELIVERED" | "FAILED" | "BLOCKED";
  attempts: { at: string; status_code: number | null; error: string | null }[];
  created_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
};

export type Invite = {
  id: number;
  email: string;
  role: "ADMIN" | "USER";
  date_created: string;
  expires_at: string;
  is_expired: boolean;
  invited_by: { id: number; email: string; first_name: string; last_name: string } | null;
  email_status: "NOT_CONFIGURED" | "SENT" | "FAILED";
};

export type InviteWithLink = Invite & { hash: string; invite_url: string };

export type InviteLink = {
  id: number;
  hash: string;
  role: "ADMIN" | "USER";
  date_created: string;
  expires_at: string | null;
  is_expired: boolean;
  invite_url: string;
};

/** A member of an organisation (GET /organisations/{id}/users/). */
export type OrganisationMember = {
  id: number;
  uuid?: string;
  email: string;
  first_name: string;
  last_name: string;
  last_login: string | null;
  role: "ADMIN" | "USER";
  date_joined?: string | null;
};

export type GroupMember = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  last_login: string | null;
  group_admin?: boolean;
};

/** A user group of an organisation (/organisations/{id}/groups/). */
export type UserGroup = {
  id: number;
  name: string;
  is_default: boolean;
  external_id?: string | null;
  users: GroupMember[];
};

/** An entry of a permission key list (/projects/permissions/ and the like). */
export type PermissionKey = { key: string; description: string; supports_tag?: boolean };

/** What the signed-in user may do on one object (…/my-permissions/). */
export type MyPermissions = { admin: boolean; permissions: string[] };

/** Where a permission comes from besides the user's own grant (Ensign has no roles). */
export type PermissionSources = {
  groups: { id: number; name: string }[];
  roles: { id: number; name: string }[];
};

/** A member's permissions on one object and their sources (…/user-detailed-permissions/{id}/). */
export type UserDetailedPermissions = {
  admin: boolean;
  is_directly_granted: boolean;
  derived_from: PermissionSources;
  permissions: { permission_key: string; is_directly_granted: boolean; derived_from: PermissionSources }[];
};

/** A grant of permissions on a project or an environment to a user or a group. */
export type UserGrant = {
  id: number;
  /** Left out by organisation grants. */
  admin?: boolean;
  permissions: string[];
  user: number | { id: number; email: string; first_name?: string; last_name?: string };
};
export type GroupGrant = {
  id: number;
  /** Left out by organisation grants. */
  admin?: boolean;
  permissions: string[];
  group: number | { id: number; name: string };
};
