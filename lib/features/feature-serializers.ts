// Features and multivariate options as Flagsmith's ListFeatureSerializer and
// MultivariateFeatureOptionSerializer show them. Ensign has no metadata or code references, so
// those fields are always empty.
import { readValue, readValueObject } from "@/lib/values";
import type { z } from "zod";
import type {
  ZFeature,
  ZFeatureGroupOwner,
  ZFeatureOwner,
  ZMultivariateOption,
  ZNestedMultivariateOption,
} from "@/lib/features/responses";

export type MultivariateOptionRow = {
  id: number;
  uuid: string;
  featureId: number;
  valueType: string;
  value: string | null;
  defaultPercentageAllocation: number;
  key: string | null;
};

export type FeatureRow = {
  id: number;
  uuid: string;
  name: string;
  projectId: number;
  type: string;
  defaultEnabled: boolean;
  initialValue: string | null;
  description: string | null;
  isArchived: boolean;
  isServerKeyOnly: boolean;
  createdAt: Date;
  multivariateOptions: MultivariateOptionRow[];
  tags: { tagId: number }[];
  owners: { user: OwnerRow }[];
  groupOwners: { group: GroupOwnerRow }[];
};

export type GroupOwnerRow = { id: number; name: string };

/** A group owner as Flagsmith's UserPermissionGroupSummarySerializer shows a group. */
export function serializeGroupOwner(group: GroupOwnerRow): z.infer<typeof ZFeatureGroupOwner> {
  return { id: group.id, name: group.name };
}

export type OwnerRow = {
  id: number;
  uuid: string;
  email: string;
  firstName: string;
  lastName: string;
  lastLogin: Date | null;
};

/** A feature owner as Flagsmith's UserListSerializer shows a user. */
export function serializeOwner(user: OwnerRow): z.infer<typeof ZFeatureOwner> {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    last_login: user.lastLogin?.toISOString() ?? null,
    uuid: user.uuid,
  };
}

/** The feature's default state in the environment named by ?environment=, as FeatureStateSerializerSmall. */
export type EnvironmentStateRow = {
  id: number;
  environmentId: number;
  identityId: number | null;
  featureSegmentId: number | null;
  enabled: boolean;
  valueType: string;
  value: string | null;
};

/** Present only when the request names an environment. */
export type FeatureEnvironmentContext = {
  state: EnvironmentStateRow | null;
  segmentOverrides: number;
  identityOverrides: number;
};

/** The nested form used inside a feature (no `feature` field). */
export function serializeNestedMultivariateOption(
  option: MultivariateOptionRow,
): z.infer<typeof ZNestedMultivariateOption> {
  const { type, integer_value, string_value, boolean_value } = readValueObject(option);
  return {
    id: option.id,
    uuid: option.uuid,
    type,
    integer_value,
    string_value,
    boolean_value,
    default_percentage_allocation: option.defaultPercentageAllocation,
    key: option.key,
  };
}

/** The form of /features/{id}/mv-options/. */
export function serializeMultivariateOption(
  option: MultivariateOptionRow,
): z.infer<typeof ZMultivariateOption> {
  return { ...serializeNestedMultivariateOption(option), feature: option.featureId };
}

function serializeEnvironmentState(state: EnvironmentStateRow) {
  return {
    id: state.id,
    feature_state_value: readValue(state),
    environment: state.environmentId,
    identity: state.identityId,
    feature_segment: state.featureSegmentId,
    enabled: state.enabled,
  };
}

export function serializeFeature(
  feature: FeatureRow,
  environment?: FeatureEnvironmentContext,
): z.infer<typeof ZFeature> {
  return {
    id: feature.id,
    name: feature.name,
    type: feature.type as z.infer<typeof ZFeature>["type"],
    default_enabled: feature.defaultEnabled,
    initial_value: feature.initialValue,
    created_date: feature.createdAt.toISOString(),
    description: feature.description,
    tags: feature.tags.map((t) => t.tagId),
    multivariate_options: feature.multivariateOptions
      .slice()
      .sort((a, b) => a.id - b.id)
      .map(serializeNestedMultivariateOption),
    is_archived: feature.isArchived,
    owners: feature.owners.map((o) => serializeOwner(o.user)),
    group_owners: feature.groupOwners.map((o) => serializeGroupOwner(o.group)),
    uuid: feature.uuid,
    project: feature.projectId,
    environment_feature_state: environment?.state ? serializeEnvironmentState(environment.state) : null,
    num_segment_overrides: environment?.segmentOverrides ?? 0,
    num_identity_overrides: environment ? environment.identityOverrides : null,
    is_num_identity_overrides_complete: true,
    is_server_key_only: feature.isServerKeyOnly,
    last_modified_in_any_environment: null,
    last_modified_in_current_environment: null,
    metadata: [],
    code_references_counts: [],
    lifecycle_stage: null,
  };
}
