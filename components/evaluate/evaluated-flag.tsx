"use client";
// One flag as the identity gets it, with why: the deciding override, every segment override
// of the feature and the rules behind it, and the multivariate split.
import { FeatureValue } from "@/components/features/feature-value";
import { Badge } from "@/components/ui/badge";
import type { ExplainedFlag, ExplainedSegment } from "@/lib/dashboard/evaluate";
import { SegmentExplanation } from "./segment-explanation";

function DecidedBy({ flag }: { flag: ExplainedFlag }) {
  if (flag.decided_by === "IDENTITY_OVERRIDE") return <Badge tone="indigo">Identity override</Badge>;
  if (flag.decided_by === "SEGMENT_OVERRIDE")
    return <Badge tone="amber">Segment override: {flag.segment?.name}</Badge>;
  return <Badge>Environment default</Badge>;
}

export function EvaluatedFlag({
  flag,
  segments,
}: {
  flag: ExplainedFlag;
  segments: Map<number, ExplainedSegment>;
}) {
  return (
    <li data-testid="evaluated-flag" className="space-y-2 px-4 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-medium">{flag.feature.name}</span>
        <Badge tone={flag.enabled ? "green" : "neutral"}>{flag.enabled ? "On" : "Off"}</Badge>
        <FeatureValue value={flag.value} />
        {flag.variant !== null && <Badge>variant {flag.variant}</Badge>}
        <DecidedBy flag={flag} />
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-zinc-500 dark:text-zinc-400">Why: {flag.reason}</summary>
        <div className="mt-2 space-y-3">
          {flag.decided_by === "IDENTITY_OVERRIDE" && (
            <p>This identity has its own override of the feature.</p>
          )}
          {flag.segment_overrides.length === 0 ? (
            <p>No segment overrides this feature.</p>
          ) : (
            flag.segment_overrides.map((candidate) => (
              <div key={candidate.segment.id} className="space-y-1">
                <p className="text-xs text-zinc-500 dark:text-zinc-400">
                  Override for {candidate.segment.name} (priority {candidate.priority ?? "none"})
                  {candidate.won ? " — decided the flag" : ""}
                </p>
                {segments.get(candidate.segment.id) && (
                  <SegmentExplanation segment={segments.get(candidate.segment.id)!} />
                )}
              </div>
            ))
          )}
          {flag.split && (
            <div data-testid="split">
              <p>
                Position on the split: <strong>{flag.split.percentage.toFixed(2)}</strong> of 100
              </p>
              <ul className="text-xs">
                {flag.split.options.map((option, index) => (
                  <li key={index}>
                    {option.chosen ? "→ " : ""}
                    {JSON.stringify(option.value)}: [{option.from}, {option.to})
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </details>
    </li>
  );
}
