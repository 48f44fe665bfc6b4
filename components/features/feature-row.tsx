"use client";
import Link from "next/link";
import { useState } from "react";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { Badge } from "@/components/ui/badge";
import { gate, useProjectPermissions } from "@/components/permissions/use-permissions";
import { Button } from "@/components/ui/button";
import { InlineIds } from "@/components/ui/json-view";
import { paths } from "@/lib/dashboard/paths";
import { timeAgo } from "@/lib/dashboard/relative-time";
import type { Feature, StateSummary, Tag } from "@/lib/dashboard/types";
import { FeatureToggle } from "./feature-toggle";
import { TagChip } from "./tag-chip";
import { FeatureValue } from "./feature-value";
import { LifecycleBadge } from "./lifecycle-badge";

type FeatureRowProps = {
  feature: Feature;
  state: StateSummary | undefined;
  tags: Tag[];
  projectId: number;
  environmentKey: string;
  evaluations: number | undefined;
  onDelete: (feature: Feature) => void;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** Archive (true) or unarchive (false) the feature. */
  onArchive: (archived: boolean) => Promise<void>;
};

export function FeatureRow({
  feature,
  state,
  tags,
  projectId,
  environmentKey,
  evaluations,
  onDelete,
  selected,
  onSelect,
  onArchive,
}: FeatureRowProps) {
  const href = paths.feature(projectId, environmentKey, feature.id);
  const projectPermissions = useProjectPermissions(projectId);
  const deletion = gate(projectPermissions, "DELETE_FEATURE");
  const editing = gate(projectPermissions, "CREATE_FEATURE");
  const [archiveError, setArchiveError] = useState<string | null>(null);
  const [archiving, setArchiving] = useState(false);
  const archive = async () => {
    setArchiveError(null);
    setArchiving(true);
    try {
      await onArchive(!feature.is_archived);
    } catch (e) {
      setArchiveError(errorMessage(e));
    } finally {
      setArchiving(false);
    }
  };
  return (
    <li
      data-testid="feature-row"
      data-feature={feature.name}
      className="flex flex-col gap-3 px-4 py-3.5 sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <input
            type="checkbox"
            aria-label={`Select ${feature.name}`}
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            className="h-4 w-4 shrink-0 rounded border-zinc-300 accent-indigo-600 dark:border-zinc-600"
          />
          <Link
            href={href}
            className="truncate font-mono text-sm font-semibold text-zinc-900 hover:text-indigo-600 hover:underline dark:text-zinc-100 dark:hover:text-indigo-400"
          >
            {feature.name}
          </Link>
          {feature.type === "MULTIVARIATE" && <Badge tone="indigo">Multivariate</Badge>}
          {feature.is_server_key_only && <Badge tone="amber">Server-side only</Badge>}
          {feature.is_archived && <Badge>Archived</Badge>}
          {feature.is_stale && (
            <Badge tone="amber" title="Unchanged for longer than the project's stale limit">
              Stale
            </Badge>
          )}
          {feature.lifecycle_stage && <LifecycleBadge stage={feature.lifecycle_stage} />}
          {tags.map((tag) => (
            <TagChip key={tag.id} tag={tag} />
          ))}
          {!!feature.num_segment_overrides && (
            <Badge title="Segment overrides in this environment">
              {feature.num_segment_overrides} segment override{feature.num_segment_overrides === 1 ? "" : "s"}
            </Badge>
          )}
        </div>
        {feature.description && (
          <p className="mt-0.5 line-clamp-1 text-sm text-zinc-600 dark:text-zinc-400">
            {feature.description}
          </p>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          {feature.last_changed && (
            <time
              dateTime={feature.last_changed}
              title={new Date(feature.last_changed).toLocaleString()}
              className="text-xs text-zinc-600 dark:text-zinc-400"
            >
              changed {timeAgo(new Date(feature.last_changed), new Date())}
            </time>
          )}
          <InlineIds
            record={{ id: feature.id, uuid: feature.uuid, ...(state ? { feature_state: state.id } : {}) }}
          />
        </div>
      </div>
      {archiveError && (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {archiveError}
        </p>
      )}
      <div className="flex items-center gap-3 sm:justify-end sm:gap-4">
        <div className="min-w-0 flex-1 text-left sm:w-44 sm:flex-none sm:text-right">
          {state ? <FeatureValue value={state.feature_state_value} /> : null}
        </div>
        <div
          className="shrink-0 text-right text-xs whitespace-nowrap tabular-nums sm:w-24 text-zinc-500 dark:text-zinc-400"
          title="Evaluations reported by SDKs"
        >
          {evaluations === undefined
            ? "—"
            : `${evaluations.toLocaleString()} eval${evaluations === 1 ? "" : "s"}`}
        </div>
        <div className="flex items-center gap-1">
          {state && (
            <FeatureToggle environmentKey={environmentKey} state={state} featureName={feature.name} />
          )}
          <Link
            href={href}
            className="rounded-md px-2 py-1 text-sm text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800"
            aria-label={`Edit ${feature.name}`}
          >
            Edit
          </Link>
          <Button
            size="sm"
            variant="ghost"
            busy={archiving}
            onClick={() => void archive()}
            {...editing}
            className="text-zinc-600 dark:text-zinc-400"
            aria-label={`${feature.is_archived ? "Unarchive" : "Archive"} ${feature.name}`}
          >
            {feature.is_archived ? "Unarchive" : "Archive"}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete ${feature.name}`}
            onClick={() => onDelete(feature)}
            {...deletion}
            className="text-zinc-500 dark:text-zinc-400 hover:text-red-600 dark:hover:text-red-400"
          >
            <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
              <path d="M8 2h4a1 1 0 0 1 1 1v1h4v2H3V4h4V3a1 1 0 0 1 1-1Zm-3 6h10l-.8 9.1A1 1 0 0 1 13.2 18H6.8a1 1 0 0 1-1-.9L5 8Z" />
            </svg>
          </Button>
        </div>
      </div>
    </li>
  );
}
