"use client";
// What one proposed feature state changes against the live state, one row per changed field
// (the same table as a feature's version comparison).
import { ChangeTable, type ChangeRow } from "@/components/ui/change-table";
import { diffCells } from "@/components/ui/json-diff";
import { Skeleton } from "@/components/ui/skeleton";
import { useFeatureSegments, useFeatureStates, useFeatureStatesOfFeature } from "@/lib/dashboard/hooks";
import type { ChangeRequest, FlagValue } from "@/lib/dashboard/types";
import { valueFromObject } from "@/lib/dashboard/values";

type Proposed = ChangeRequest["feature_states"][number];
type LiveSide = {
  enabled: boolean;
  value: FlagValue;
  weights: { multivariate_feature_option: number; percentage_allocation: number }[];
};

function rowsOf(live: LiveSide, proposed: Proposed): ChangeRow[] {
  const rows: ChangeRow[] = [];
  const add = (key: string, field: string, before: unknown, after: unknown) => {
    if (JSON.stringify(before) !== JSON.stringify(after))
      rows.push({ key, field, ...diffCells(before, after, { quoteText: true }) });
  };
  add("enabled", "Enabled", live.enabled, proposed.enabled);
  add("value", "Value", live.value, proposed.feature_state_value);
  const weights = (list: LiveSide["weights"]) =>
    Object.fromEntries(
      [...list]
        .sort((a, b) => a.multivariate_feature_option - b.multivariate_feature_option)
        .map((w) => [`option ${w.multivariate_feature_option}`, w.percentage_allocation]),
    );
  add(
    "weights",
    "Variation weights",
    weights(live.weights),
    weights(proposed.multivariate_feature_state_values),
  );
  return rows;
}

export function ProposedStateDiff({
  environmentKey,
  environmentId,
  featureName,
  proposed,
  committed,
}: {
  environmentKey: string;
  environmentId: number;
  featureName: string;
  proposed: Proposed;
  committed: boolean;
}) {
  const isDefault = proposed.feature_segment === null;
  const { data: defaults } = useFeatureStates(environmentKey);
  const { data: overrides } = useFeatureStatesOfFeature(proposed.feature, isDefault ? null : environmentId);
  const { data: featureSegments } = useFeatureSegments(proposed.feature, isDefault ? null : environmentId);
  const segmentName = featureSegments?.find((fs) => fs.id === proposed.feature_segment)?.segment_name;
  let live: LiveSide | null | undefined;
  if (isDefault) {
    const state = defaults?.find((s) => s.feature === proposed.feature);
    live = state && {
      enabled: state.enabled,
      value: state.feature_state_value,
      weights: state.multivariate_feature_state_values,
    };
  } else {
    const state = overrides?.find((s) => s.feature_segment === proposed.feature_segment);
    live =
      overrides &&
      (state
        ? {
            enabled: state.enabled,
            value: valueFromObject(state.feature_state_value),
            weights: state.multivariate_feature_state_values,
          }
        : null);
  }
  const where = isDefault
    ? "environment default"
    : `segment ${segmentName ?? `override ${proposed.feature_segment}`}`;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium">
        <span className="font-mono">{featureName}</span> · {where}
        {proposed.live_from && <> · from {new Date(proposed.live_from).toLocaleString()}</>}
      </h3>
      {committed ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Committed: enabled {String(proposed.enabled)}, value {JSON.stringify(proposed.feature_state_value)}.
        </p>
      ) : live === undefined ? (
        <Skeleton className="h-12" />
      ) : live === null ? (
        <p className="text-sm text-red-700 dark:text-red-400">This segment override no longer exists.</p>
      ) : rowsOf(live, proposed).length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Same as live: no difference.</p>
      ) : (
        <ChangeTable label={`Changes to ${featureName} (${where})`} rows={rowsOf(live, proposed)} />
      )}
    </div>
  );
}
