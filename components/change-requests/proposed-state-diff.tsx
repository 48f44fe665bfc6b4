"use client";
// What one proposed feature state changes against the live state, one row per changed field
// (the same table as a feature's version comparison). The request's answer carries the live
// state and the names, so the review reads nothing more for it.
import { ChangeTable, type ChangeRow } from "@/components/ui/change-table";
import { diffCells } from "@/components/ui/json-diff";
import type { ChangeRequest, FlagValue } from "@/lib/dashboard/types";

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

export function ProposedStateDiff({ proposed, committed }: { proposed: Proposed; committed: boolean }) {
  const featureName = proposed.feature_name || `feature ${proposed.feature}`;
  const live: LiveSide | null = proposed.live && {
    enabled: proposed.live.enabled,
    value: proposed.live.feature_state_value,
    weights: proposed.live.multivariate_feature_state_values,
  };
  const where =
    proposed.feature_segment === null
      ? "environment default"
      : `segment ${proposed.segment_name ?? `override ${proposed.feature_segment}`}`;
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
