"use client";
// Segment overrides of a feature in one environment, in priority order: an identity in
// several segments gets the first override that matches.
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { mutate } from "swr";
import {
  RequestChangeDialog,
  type RequestedChange,
} from "@/components/change-requests/request-change-dialog";
import { Name, useProtectedConfirm } from "@/components/environments/protected-guard";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorMessage } from "@/components/ui/error-message";
import { ListSkeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import {
  allPagesKey,
  isFeaturesKey,
  useEnvironment,
  useFeatureSegments,
  useFeatureStatesOfFeature,
  useProject,
} from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import type { Feature, FeatureSegment } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { AddSegmentOverrideDialog } from "./add-segment-override-dialog";
import { SegmentOverrideRow } from "./segment-override-row";

type SegmentOverridesProps = {
  projectId: number;
  environmentKey: string;
  environmentId: number;
  feature: Feature;
};

export function SegmentOverrides({
  projectId,
  environmentKey,
  environmentId,
  feature,
}: SegmentOverridesProps) {
  const { data: featureSegments, error } = useFeatureSegments(feature.id, environmentId);
  const { data: states } = useFeatureStatesOfFeature(feature.id, environmentId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<FeatureSegment | null>(null);
  const [reorderError, setReorderError] = useState<string | null>(null);
  const { data: environment } = useEnvironment(environmentKey);
  const { data: project } = useProject(projectId);
  // With approvals required here, an override's state and value are requested, not written;
  // adding, removing and reordering overrides cannot be requested (the API refuses them).
  const requiresReview =
    environment?.minimum_change_request_approvals !== null &&
    environment?.minimum_change_request_approvals !== undefined;
  const lockedReason = requiresReview
    ? `${environment!.name} requires approval: overrides can only be turned on or off or given a new value, through a change request.`
    : undefined;
  const [requested, setRequested] = useState<{ fs: FeatureSegment; change: RequestedChange } | null>(null);
  const ordered = useMemo(
    () => (featureSegments ?? []).slice().sort((a, b) => a.priority - b.priority || a.id - b.id),
    [featureSegments],
  );
  const stateBySegment = useMemo(
    () =>
      new Map((states ?? []).filter((s) => s.feature_segment !== null).map((s) => [s.feature_segment!, s])),
    [states],
  );

  const segmentsKey = allPagesKey(urls.featureSegments({ feature: feature.id, environment: environmentId }));
  const statesKey = allPagesKey(urls.segmentOverrides({ feature: feature.id, environment: environmentId }));
  const refresh = () =>
    Promise.all([mutate(segmentsKey), mutate(statesKey), mutate(isFeaturesKey(projectId))]);

  // Moving a row re-inserts it in the DOM (and may disable the button pressed), which drops focus
  // to the page body: put it back on the moved row's button in the same direction, or the other.
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: number; delta: -1 | 1 } | null>(null);
  useEffect(() => {
    if (!focusAfterMove) return;
    const row = document.querySelector(`[data-override-id="${focusAfterMove.id}"]`);
    const same = row?.querySelector<HTMLButtonElement>(
      `[data-move="${focusAfterMove.delta}"]:not(:disabled)`,
    );
    const other = row?.querySelector<HTMLButtonElement>(`[data-move="${-focusAfterMove.delta}"]`);
    (same ?? other)?.focus();
  }, [focusAfterMove, ordered]);

  const confirmChange = useProtectedConfirm(environmentKey);
  const toast = useToast();
  const move = async (index: number, delta: -1 | 1) => {
    const asked = await confirmChange(
      (env) => (
        <>
          Move the override for {ordered[index].segment_name ?? "this segment"} of <Name>{feature.name}</Name>{" "}
          {delta < 0 ? "up" : "down"} in {env}?
        </>
      ),
      "Move override",
    );
    if (!asked) return;
    setFocusAfterMove({ id: ordered[index].id, delta });
    const next = ordered.slice();
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item);
    const priorities = next.map((fs, priority) => ({ id: fs.id, priority }));
    setReorderError(null);
    try {
      await mutate(
        segmentsKey,
        async () => {
          await api.post(urls.featureSegmentPriorities, priorities);
          return next.map((fs, priority) => ({ ...fs, priority }));
        },
        {
          optimisticData: next.map((fs, priority) => ({ ...fs, priority })),
          rollbackOnError: true,
          revalidate: true,
        },
      );
      toast({
        message: `Moved ${ordered[index].segment_name ?? "the override"} to position ${index + delta + 1}.`,
      });
    } catch (e) {
      setReorderError(errorMessage(e));
    }
  };

  return (
    <Section
      title="Segment overrides"
      description="Identities in these segments get a different state and value. The first matching segment, top to bottom, wins."
      actions={
        <Button onClick={() => setAdding(true)} disabled={requiresReview} title={lockedReason}>
          Add segment override
        </Button>
      }
    >
      {lockedReason && (
        <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400" data-testid="overrides-review-note">
          {lockedReason}
        </p>
      )}
      <ErrorMessage error={error} />
      <ErrorMessage message={reorderError} />
      {!featureSegments && !error && (
        <Card>
          <ListSkeleton rows={2} />
        </Card>
      )}
      {featureSegments?.length === 0 && (
        <EmptyState title="No segment overrides">
          Add one to turn this feature on, or give it another value, for a segment such as beta testers.{" "}
          <Link
            href={paths.segments(projectId, environmentKey)}
            className="text-indigo-600 hover:underline dark:text-indigo-400"
          >
            Manage segments
          </Link>
        </EmptyState>
      )}
      {ordered.length > 0 && (
        <Card>
          <ol aria-label="Segment overrides" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {ordered.map((fs, index) => (
              <SegmentOverrideRow
                key={fs.id}
                featureSegment={fs}
                environmentKey={environmentKey}
                featureName={feature.name}
                state={stateBySegment.get(fs.id)}
                position={index}
                count={ordered.length}
                segmentHref={paths.segment(projectId, environmentKey, fs.segment)}
                onMove={(delta) => void move(index, delta)}
                onRemove={() => setRemoving(fs)}
                onChanged={() => mutate(statesKey)}
                requestChange={requiresReview ? (change) => setRequested({ fs, change }) : undefined}
                lockedReason={lockedReason}
              />
            ))}
          </ol>
        </Card>
      )}
      {requested && environment && (
        <RequestChangeDialog
          open
          onClose={() => setRequested(null)}
          projectId={projectId}
          environmentKey={environmentKey}
          environmentName={environment.name}
          organisationId={project?.organisation ?? null}
          feature={feature}
          featureSegment={{
            id: requested.fs.id,
            name: requested.fs.segment_name ?? `Segment ${requested.fs.segment}`,
          }}
          change={requested.change}
        />
      )}
      <AddSegmentOverrideDialog
        open={adding}
        projectId={projectId}
        environmentKey={environmentKey}
        feature={feature}
        taken={new Set(ordered.map((fs) => fs.segment))}
        onClose={() => setAdding(false)}
        onAdded={refresh}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove the override for “${removing?.segment_name ?? "this segment"}”?`}
        message="Identities in the segment go back to the environment's value, unless another override applies."
        confirmLabel="Remove override"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          const asked = await confirmChange(
            (env) => (
              <>
                Remove the override for {removing!.segment_name ?? "this segment"} of{" "}
                <Name>{feature.name}</Name> in {env}?
              </>
            ),
            "Remove override",
          );
          if (!asked) return;
          await api.delete(urls.featureSegment(removing!.id));
          await refresh();
          toast({ message: `Removed the override for ${removing!.segment_name ?? "the segment"}.` });
        }}
      />
    </Section>
  );
}
