"use client";
// The blast radius of a pending request: how many stored identities a commit would change
// and how, with a few examples and what decides their value on each side.
import { Card } from "@/components/ui/card";
import { ErrorMessage } from "@/components/ui/error-message";
import { Skeleton } from "@/components/ui/skeleton";
import { useImpact } from "@/lib/dashboard/hooks";
import type { Impact } from "@/lib/dashboard/types";

type Change = Impact["features"][number]["changes"][number];

const KIND: Record<Change["kind"], string> = {
  OFF_TO_ON: "off → on",
  ON_TO_OFF: "on → off",
  VALUE: "value",
  VARIANT: "variant",
};

const show = (v: unknown) => (typeof v === "string" ? `“${v}”` : JSON.stringify(v));

function describe(change: Change) {
  if (change.kind === "OFF_TO_ON" || change.kind === "ON_TO_OFF") return KIND[change.kind];
  return `${KIND[change.kind]} ${show(change.from)} → ${show(change.to)}`;
}

export function ImpactPanel({ url }: { url: string | null }) {
  const { data, error } = useImpact(url);
  if (!url) return null;
  return (
    <Card className="space-y-3 p-4">
      <ErrorMessage error={error} />
      {!data && !error && <Skeleton className="h-16" />}
      {data && (
        <>
          <p className="text-sm" data-testid="impact-summary">
            <strong>{data.identities_changed}</strong> of {data.identities_scanned}
            {data.is_complete ? "" : "+"} stored identit{data.identities_scanned === 1 ? "y" : "ies"} would
            change{data.is_complete ? "." : ` (only the first ${data.scan_limit} were evaluated).`}
          </p>
          {data.features.map((f) => (
            <div key={f.feature.id} className="space-y-1">
              <h3 className="text-sm font-medium">
                <span className="font-mono">{f.feature.name}</span>: {f.identities_changed} identit
                {f.identities_changed === 1 ? "y" : "ies"}
              </h3>
              <ul className="space-y-1 text-sm">
                {f.changes.map((c) => (
                  <li key={`${c.kind}-${JSON.stringify(c.from)}-${JSON.stringify(c.to)}`}>
                    {c.count} × {describe(c)}
                    {c.examples.length > 0 && (
                      <span className="text-zinc-600 dark:text-zinc-400">
                        {" "}
                        — e.g.{" "}
                        {c.examples
                          .map(
                            (e) =>
                              `${e.identifier} (${e.live.decided_by.toLowerCase().replace(/_/g, " ")} → ${e.proposed.decided_by.toLowerCase().replace(/_/g, " ")}${e.proposed.segment ? `: ${e.proposed.segment.name}` : ""})`,
                          )
                          .join(", ")}
                      </span>
                    )}
                  </li>
                ))}
                {f.other_changes > 0 && <li>{f.other_changes} more of other kinds</li>}
              </ul>
            </div>
          ))}
        </>
      )}
    </Card>
  );
}
