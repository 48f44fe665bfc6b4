// Flag objects as Flagsmith's SDK endpoints send them (SDKFeatureStateSerializer), built as
// JSON text: the feature part is serialised once per snapshot and spliced into every answer.
import type { ScalarValue } from "@/lib/values";

export type FlagFeatureSource = {
  id: number;
  name: string;
  createdAt: Date;
  description: string | null;
  initialValue: string | null;
  defaultEnabled: boolean;
  type: string;
};

/** The nested `feature` object; hide_sensitive_data blanks everything but id, name and type. */
export function serializeFlagFeature(feature: FlagFeatureSource, hideSensitiveData: boolean): string {
  return JSON.stringify({
    id: feature.id,
    name: feature.name,
    created_date: hideSensitiveData ? null : feature.createdAt.toISOString(),
    description: hideSensitiveData ? null : feature.description,
    initial_value: hideSensitiveData ? null : feature.initialValue,
    default_enabled: hideSensitiveData ? null : feature.defaultEnabled,
    type: feature.type,
  });
}

export type FlagJsonInput = {
  stateId: number;
  featureJson: string;
  value: ScalarValue;
  environmentId: number;
  identityId: number | null;
  featureSegmentId: number | null;
  enabled: boolean;
  hideSensitiveData: boolean;
  /** Identity answers only: the chosen variant's key, "control", or null (absent on /flags/). */
  variant?: string | null;
};

const nullable = (n: number | null) => (n === null ? "null" : String(n));

export function serializeFlag(input: FlagJsonInput): string {
  const hide = input.hideSensitiveData;
  let out =
    `{"id":${hide ? "null" : input.stateId},"feature":${input.featureJson},` +
    `"feature_state_value":${JSON.stringify(input.value ?? null)},` +
    `"environment":${hide ? "null" : input.environmentId},` +
    `"identity":${hide ? "null" : nullable(input.identityId)},` +
    `"feature_segment":${hide ? "null" : nullable(input.featureSegmentId)},` +
    `"enabled":${input.enabled}`;
  if (input.variant !== undefined) out += `,"variant":${JSON.stringify(input.variant)}`;
  return `${out}}`;
}
