// The difference of one feature between two environments of a project, as promotion shows it
// and applies it: the environment default (enabled, value, option weights) and every segment
// override (evaluation order, enabled, value, weights). Pure: snapshots in, a diff out.
// Priorities are compared by rank (0 first), so two orders that evaluate the same are equal.
import type {
  FeatureSnapshot,
  OverrideFields,
  StateFields,
  Weight,
} from "@/lib/feature-states/feature-snapshot";

export const DEFAULT_PARTS = ["enabled", "value", "weights"] as const;
export type DefaultPart = (typeof DEFAULT_PARTS)[number];
export type OverrideChange = "priority" | DefaultPart;
export type OverrideStatus = "added" | "removed" | "changed" | "unchanged";

export type RankedOverride = OverrideFields;
export type OverrideDiff = {
  segment: number;
  segment_name: string;
  /** added: only the source has it; removed: only the target has it. */
  status: OverrideStatus;
  source: RankedOverride | null;
  target: RankedOverride | null;
  changes: OverrideChange[];
};
export type FeatureDiff = {
  environment_default: { source: StateFields | null; target: StateFields | null; changes: DefaultPart[] };
  segment_overrides: OverrideDiff[];
  differs: boolean;
};

/** Weights without the zero shares (an option without a row gets none either), by option. */
export function effectiveWeights(weights: Weight[]): Weight[] {
  return weights
    .filter((w) => w.percentage_allocation > 0)
    .sort((a, b) => a.multivariate_feature_option - b.multivariate_feature_option);
}

const sameWeights = (a: Weight[], b: Weight[]) =>
  JSON.stringify(effectiveWeights(a)) === JSON.stringify(effectiveWeights(b));

const sameValue = (a: StateFields, b: StateFields) =>
  a.value_type === b.value_type && a.feature_state_value === b.feature_state_value;

export function stateChanges(source: StateFields, target: StateFields): DefaultPart[] {
  const changes: DefaultPart[] = [];
  if (source.enabled !== target.enabled) changes.push("enabled");
  if (!sameValue(source, target)) changes.push("value");
  if (!sameWeights(source.multivariate_feature_state_values, target.multivariate_feature_state_values))
    changes.push("weights");
  return changes;
}

/** The overrides in evaluation order with their rank as priority. */
export function rankOverrides(overrides: OverrideFields[]): RankedOverride[] {
  return [...overrides]
    .sort((a, b) => a.priority - b.priority)
    .map((override, rank) => ({ ...override, priority: rank }));
}

export function diffFeature(source: FeatureSnapshot, target: FeatureSnapshot): FeatureDiff {
  const defaultChanges =
    source.environment_default && target.environment_default
      ? stateChanges(source.environment_default, target.environment_default)
      : [];
  const sourceOverrides = rankOverrides(source.segment_overrides);
  const targetOverrides = rankOverrides(target.segment_overrides);
  const bySegment = new Map(targetOverrides.map((o) => [o.segment, o]));
  const overrides: OverrideDiff[] = sourceOverrides.map((s) => {
    const t = bySegment.get(s.segment) ?? null;
    if (!t)
      return {
        segment: s.segment,
        segment_name: s.segment_name,
        status: "added",
        source: s,
        target: null,
        changes: [],
      };
    const changes: OverrideChange[] = [
      ...(s.priority !== t.priority ? (["priority"] as const) : []),
      ...stateChanges(s, t),
    ];
    return {
      segment: s.segment,
      segment_name: s.segment_name,
      status: changes.length ? "changed" : "unchanged",
      source: s,
      target: t,
      changes,
    };
  });
  const inSource = new Set(sourceOverrides.map((o) => o.segment));
  for (const t of targetOverrides) {
    if (!inSource.has(t.segment))
      overrides.push({
        segment: t.segment,
        segment_name: t.segment_name,
        status: "removed",
        source: null,
        target: t,
        changes: [],
      });
  }
  return {
    environment_default: {
      source: source.environment_default,
      target: target.environment_default,
      changes: defaultChanges,
    },
    segment_overrides: overrides,
    differs: defaultChanges.length > 0 || overrides.some((o) => o.status !== "unchanged"),
  };
}

type Ranked = { segment: number; priority: number };

/**
 * The evaluation order of the target's overrides once the chosen ones are promoted: a
 * promoted override takes its rank in the source, the others keep theirs, a promoted one
 * goes first on a tie; then ranked 0..n-1. With every override chosen this is the source's
 * order. `removed`: the chosen segments the source has no override for.
 */
export function promotedOrder(
  target: Ranked[],
  promoted: Ranked[],
  removed: ReadonlySet<number>,
): Map<number, number> {
  const promotedIds = new Set(promoted.map((o) => o.segment));
  const rows = [
    ...promoted.map((o) => ({ ...o, promoted: 0 })),
    ...target
      .filter((o) => !promotedIds.has(o.segment) && !removed.has(o.segment))
      .map((o) => ({ ...o, promoted: 1 })),
  ];
  rows.sort((a, b) => a.priority - b.priority || a.promoted - b.promoted || a.segment - b.segment);
  return new Map(rows.map((row, rank) => [row.segment, rank]));
}
