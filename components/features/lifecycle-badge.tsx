import { Badge } from "@/components/ui/badge";
import type { LifecycleStage } from "@/lib/features/lifecycle";

export const LIFECYCLE_LABELS: Record<LifecycleStage, string> = {
  new: "New",
  live: "Live",
  stale: "Stale in code",
  permanent: "Permanent",
  needs_monitoring: "Needs monitoring",
  to_remove: "To remove",
};

const HINTS: Record<LifecycleStage, string> = {
  new: "Not found in code yet, not stale",
  live: "Found in code, not stale",
  stale: "Stale, still found in code",
  permanent: "Carries a permanent tag",
  needs_monitoring: "Stale, gone from code, still evaluated recently",
  to_remove: "Stale, gone from code, not evaluated recently",
};

const TONES = { to_remove: "red", needs_monitoring: "amber", stale: "amber", live: "green" } as const;

/** The feature's lifecycle stage in this environment. */
export function LifecycleBadge({ stage }: { stage: LifecycleStage }) {
  const tone = stage in TONES ? TONES[stage as keyof typeof TONES] : undefined;
  return (
    <span data-lifecycle-stage={stage} className="inline-flex">
      <Badge tone={tone} title={`Lifecycle: ${HINTS[stage]}`}>
        <span className="sr-only">Lifecycle: </span>
        {LIFECYCLE_LABELS[stage]}
      </Badge>
    </span>
  );
}
