"use client";
// One environment's cell of the compare table: on/off, the value (cut short, with a way to
// read it whole), variation weights, and the segment overrides with what differs from the
// first environment compared.
import { FeatureValue } from "@/components/features/feature-value";
import { stateText, weightsText, type FeatureDiff } from "@/lib/dashboard/promotion";
import type { Feature, FeatureState } from "@/lib/dashboard/types";
import { valueToText } from "@/lib/dashboard/values";

const LONG_VALUE = 24;
const STATUS: Record<string, string> = {
  added: "missing here",
  removed: "only here",
  changed: "differs",
  unchanged: "same",
};

export function CompareCell({
  state,
  feature,
  diff,
  isFirst,
}: {
  state: FeatureState | undefined;
  feature: Feature;
  /** The diff from the first environment to this one (for the first, to the second). */
  diff: FeatureDiff | undefined;
  isFirst: boolean;
}) {
  if (!state) return <>—</>;
  const text = state.feature_state_value === null ? "" : valueToText(state.feature_state_value);
  const overrides = (diff?.segment_overrides ?? []).filter((o) => (isFirst ? o.source : o.target));
  const weights = state.multivariate_feature_state_values.some((w) => w.percentage_allocation > 0);
  return (
    <div className="min-w-0 max-w-[14rem] space-y-1">
      <span className="flex min-w-0 items-center gap-2">
        <span
          className={
            state.enabled ? "text-emerald-700 dark:text-emerald-400" : "text-zinc-500 dark:text-zinc-400"
          }
        >
          {state.enabled ? "On" : "Off"}
        </span>
        <span className="min-w-0">
          <FeatureValue value={state.feature_state_value} />
        </span>
      </span>
      {text.length > LONG_VALUE && (
        <details className="text-xs">
          <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">Show full value</summary>
          <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-zinc-100 p-2 dark:bg-zinc-800">
            {text}
          </pre>
        </details>
      )}
      {weights && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="compare-weights">
          Weights: {weightsText(state.multivariate_feature_state_values, feature)}
        </p>
      )}
      {overrides.length > 0 && (
        <details className="text-xs" data-testid="compare-overrides">
          <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">
            {overrides.length} segment override{overrides.length === 1 ? "" : "s"}
          </summary>
          <ol className="mt-1 space-y-1">
            {overrides.map((o) => {
              const fields = (isFirst ? o.source : o.target)!;
              return (
                <li key={o.segment} className="break-words">
                  <span className="font-medium">{o.segment_name}</span>: {stateText(fields, feature)}
                  {!isFirst && o.status !== "unchanged" && (
                    <span className="ml-1 text-amber-700 dark:text-amber-300">({STATUS[o.status]})</span>
                  )}
                </li>
              );
            })}
          </ol>
        </details>
      )}
      {!isFirst && diff && diff.segment_overrides.some((o) => o.status === "added") && (
        <p className="text-xs text-amber-700 dark:text-amber-300">
          Missing overrides:{" "}
          {diff.segment_overrides
            .filter((o) => o.status === "added")
            .map((o) => o.segment_name)
            .join(", ")}
        </p>
      )}
    </div>
  );
}
