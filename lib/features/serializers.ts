// Feature state as Flagsmith's admin API shows it (FeatureStateSerializerBasic and
// friends): shared by the environment featurestates list, segment overrides and identity
// overrides.
import { readValue } from "@/lib/values";
import type { z } from "zod";
import type {
  ZFeatureState,
  ZFeatureStateNested,
  ZFeatureValueObject,
  ZMultivariateStateValue,
} from "@/lib/features/state-responses";

export type FeatureStateRow = {
  id: number;
  uuid: string;
  featureId: number;
  environmentId: number;
  identityId: number | null;
  featureSegmentId: number | null;
  enabled: boolean;
  valueType: string;
  value: string | null;
  createdAt: Date;
  updatedAt: Date;
  identity?: { id: number; identifier: string } | null;
  multivariateValues?: { id: number; uuid: string; optionId: number; percentageAllocation: number }[];
};

export function serializeMultivariateStateValue(v: {
  id: number;
  uuid: string;
  optionId: number;
  percentageAllocation: number;
}): z.infer<typeof ZMultivariateStateValue> {
  return {
    id: v.id,
    uuid: v.uuid,
    multivariate_feature_option: v.optionId,
    percentage_allocation: v.percentageAllocation,
  };
}

/** The flat representation: feature_state_value is the typed raw value. */
export function serializeFeatureState(state: FeatureStateRow): z.infer<typeof ZFeatureState> {
  return {
    id: state.id,
    uuid: state.uuid,
    feature_state_value: readValue(state),
    multivariate_feature_state_values: (state.multivariateValues ?? [])
      .slice()
      .sort((a, b) => a.id - b.id)
      .map(serializeMultivariateStateValue),
    enabled: state.enabled,
    created_at: state.createdAt.toISOString(),
    updated_at: state.updatedAt.toISOString(),
    live_from: state.createdAt.toISOString(),
    version: 1,
    deleted_at: null,
    feature: state.featureId,
    environment: state.environmentId,
    identity: state.identity
      ? { id: state.identity.id, identifier: state.identity.identifier }
      : state.identityId,
    feature_segment: state.featureSegmentId,
    change_request: null,
    environment_feature_version: null,
  };
}

/** The nested value object Flagsmith's writable serializers use: {type, string_value, ...}. */
export function serializeFeatureStateValueObject(state: {
  valueType: string;
  value: string | null;
}): z.infer<typeof ZFeatureValueObject> {
  const value = readValue(state);
  return {
    type: state.valueType as z.infer<typeof ZFeatureValueObject>["type"],
    string_value: state.valueType === "unicode" ? (value as string | null) : null,
    integer_value: state.valueType === "int" ? (value as number) : null,
    boolean_value: state.valueType === "bool" ? (value as boolean) : null,
  };
}

/** The nested representation returned by POST /features/featurestates/. */
export function serializeFeatureStateNested(state: FeatureStateRow): z.infer<typeof ZFeatureStateNested> {
  return { ...serializeFeatureState(state), feature_state_value: serializeFeatureStateValueObject(state) };
}
