"use client";
// One flag as the identity gets it, with why: the deciding override, every segment override
// of the feature and the rules behind it, and the multivariate split.
import { FeatureValue } from "@/components/features/feature-value";
import { Badge } from "@/components/ui/badge";
import type { ExplainedFlag, ExplainedSegment } from "@/lib/dashboard/evaluate";
import { SegmentExplanation } from "./segment-explanation";

const shown = (value: unknown) => JSON.stringify(value);

/** Why the flag has its value, in the dashboard's words rather than the engine's reason code. */
export function describeDecision(flag: ExplainedFlag): string {
  if (flag.decided_by === "IDENTITY_OVERRIDE") return `Identity override, serving ${shown(flag.value)}`;
  if (flag.decided_by === "SEGMENT_OVERRIDE")
    return `Segment override for ${flag.segment?.name ?? "a segment"}`;
  return "Environment default";
}

function DecidedBy({ flag }: { flag: ExplainedFlag }) {
  if (flag.decided_by === "IDENTITY_OVERRIDE") return <Badge tone="indigo">Identity override</Badge>;
  if (flag.decided_by === "SEGMENT_OVERRIDE")
    return <Badge tone="amber">Segment override: {flag.segment?.name}</Badge>;
  return <Badge>Environment default</Badge>;
}

// A variation is named by the value it serves: an identity override has no split (the engine
// still reports "control"), and a split's "control" is the state's own value.
function Variation({ flag }: { flag: ExplainedFlag }) {
  if (!flag.split) return null;
  const chosen = flag.split.options.find((option) => option.chosen);
  return <Badge>{chosen ? `variation ${shown(chosen.value)}` : "control value"}</Badge>;
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
        <Variation flag={flag} />
        <DecidedBy flag={flag} />
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-zinc-500 dark:text-zinc-400">
          Why: {describeDecision(flag)}
        </summary>
        <div className="mt-2 space-y-3">
          {flag.decided_by === "IDENTITY_OVERRIDE" && (
            <p>This identity has its own override of the feature: it gets {shown(flag.value)}.</p>
          )}
          {flag.segment_overrides.length === 0 ? (
            <p>No segment overrides this feature.</p>
          ) : (
            flag.segment_overrides.map((candidate, index) => (
              <div key={candidate.segment.id} className="space-y-1">
                <p className="text-xs text-zinc-500 dark:text-zinc-400">
                  {index + 1}. Override for {candidate.segment.name} (priority {candidate.priority ?? "none"})
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
                    {shown(option.value)}: from {option.from} to {option.to}
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
