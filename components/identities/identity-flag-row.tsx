"use client";
import { FeatureValue } from "@/components/features/feature-value";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { InlineIds } from "@/components/ui/json-view";
import type { MultivariateOption, ResolvedFeatureState } from "@/lib/dashboard/types";
import { variationLabel } from "@/lib/dashboard/variations";

export function DecidedBy({
  flag,
  variation,
}: {
  flag: ResolvedFeatureState;
  variation?: MultivariateOption | null;
}) {
  if (flag.overridden_by === "IDENTITY") return <Badge tone="indigo">Identity override</Badge>;
  if (flag.overridden_by === "SEGMENT")
    return <Badge tone="amber">Segment: {flag.segment?.name ?? "?"}</Badge>;
  if (variation) return <Badge tone="indigo">Variation: {variationLabel(variation)}</Badge>;
  return <Badge>Environment default</Badge>;
}

type IdentityFlagRowProps = {
  flag: ResolvedFeatureState;
  /** The multivariate variation this identity was bucketed into, if any. */
  variation?: MultivariateOption | null;
  hasOverride: boolean;
  onEdit: () => void;
  onRemove: () => void;
};

export function IdentityFlagRow({ flag, variation, hasOverride, onEdit, onRemove }: IdentityFlagRowProps) {
  return (
    <li
      data-testid="identity-flag"
      data-feature={flag.feature.name}
      className="flex flex-wrap items-center gap-3 px-4 py-3"
    >
      <span className="flex min-w-[10rem] flex-1 flex-wrap items-center gap-x-2 gap-y-1">
        <span className="max-w-full truncate font-mono text-sm font-medium">{flag.feature.name}</span>
        <InlineIds record={{ id: flag.feature.id }} />
      </span>
      <span data-testid="decided-by">
        <DecidedBy flag={flag} variation={variation} />
      </span>
      <span className="w-44 min-w-0">
        <FeatureValue value={flag.feature_state_value} />
      </span>
      <span className="w-12">{flag.enabled ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>}</span>
      <div className="flex">
        <Button
          size="sm"
          variant="ghost"
          onClick={onEdit}
          aria-label={`${hasOverride ? "Edit override of" : "Override"} ${flag.feature.name}`}
        >
          {hasOverride ? "Edit override" : "Override"}
        </Button>
        {hasOverride && (
          <Button
            size="sm"
            variant="ghost"
            onClick={onRemove}
            aria-label={`Remove override of ${flag.feature.name}`}
            className="text-zinc-500 dark:text-zinc-400 hover:text-red-600 dark:hover:text-red-400"
          >
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}
