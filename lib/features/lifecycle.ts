// Flagsmith's feature lifecycle stages (README "Code references, evaluations and lifecycle
// stages"), decided in Flagsmith's order from four facts about a feature in an environment.

export const LIFECYCLE_STAGES = [
  "new",
  "live",
  "stale",
  "permanent",
  "needs_monitoring",
  "to_remove",
] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

export type LifecycleFacts = {
  /** The latest scan of some repository of the project found the feature's name. */
  hasCodeReferences: boolean;
  /** A permanent tag is on the feature. */
  isPermanent: boolean;
  /** Ensign's staleness (is_stale), or a tag of type STALE on the feature. */
  isStale: boolean;
  /** The environment reported evaluations of the feature within stale_flags_limit_days. */
  hasRecentUsage: boolean;
};

export function lifecycleStageOf(facts: LifecycleFacts): LifecycleStage {
  if (facts.isPermanent) return "permanent";
  if (!facts.isStale) return facts.hasCodeReferences ? "live" : "new";
  if (facts.hasCodeReferences) return "stale";
  return facts.hasRecentUsage ? "needs_monitoring" : "to_remove";
}

export const emptyLifecycleCounts = (): Record<LifecycleStage, number> =>
  Object.fromEntries(LIFECYCLE_STAGES.map((stage) => [stage, 0])) as Record<LifecycleStage, number>;
