"use client";
import Link from "next/link";
import { useState } from "react";
import { Name, useProtectedConfirm } from "@/components/environments/protected-guard";
import { Button } from "@/components/ui/button";
import { InlineIds } from "@/components/ui/json-view";
import { Switch } from "@/components/ui/switch";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import type { FeatureSegment, FlagValue, SegmentOverrideState } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { valueFromObject, valueObject } from "@/lib/dashboard/values";
import { FeatureValue } from "../feature-value";
import { ValueEditor } from "../value-editor";

type SegmentOverrideRowProps = {
  featureSegment: FeatureSegment;
  environmentKey: string;
  featureName: string;
  state: SegmentOverrideState | undefined;
  position: number;
  count: number;
  segmentHref: string;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  onChanged: () => Promise<unknown>;
  /** Where the environment requires approvals: a change is requested instead of written. */
  requestChange?: (change: { enabled: boolean; value: FlagValue }) => void;
  /** Why moving and removing are off (approvals required), if they are. */
  lockedReason?: string;
};

export function SegmentOverrideRow({
  featureSegment,
  environmentKey,
  featureName,
  state,
  position,
  count,
  segmentHref,
  onMove,
  onRemove,
  onChanged,
  requestChange,
  lockedReason,
}: SegmentOverrideRowProps) {
  const [editing, setEditing] = useState(false);
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = featureSegment.segment_name ?? `Segment ${featureSegment.segment}`;
  const value = state ? valueFromObject(state.feature_state_value) : null;
  const shownEnabled = enabled ?? state?.enabled ?? false;

  const confirmChange = useProtectedConfirm(environmentKey);
  const toast = useToast();
  const toggle = async (next: boolean) => {
    if (!state) return;
    if (requestChange) return requestChange({ enabled: next, value });
    const verb = next ? "Turn on" : "Turn off";
    const asked = await confirmChange(
      (env) => (
        <>
          {verb} <Name>{featureName}</Name> for {name} in {env}?
        </>
      ),
      `${verb} for ${name}`,
    );
    if (!asked) return;
    setEnabled(next);
    setError(null);
    try {
      await api.patch(urls.segmentOverride(state.id), { enabled: next });
      await onChanged();
      toast({ message: `${featureName} turned ${next ? "on" : "off"} for ${name}.` });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setEnabled(null);
    }
  };
  const saveValue = async (next: FlagValue) => {
    if (requestChange) {
      requestChange({ enabled: state!.enabled, value: next });
      return false;
    }
    const asked = await confirmChange(
      (env) => (
        <>
          Change the value of <Name>{featureName}</Name> for {name} in {env}?
        </>
      ),
      "Save value",
    );
    if (!asked) return false;
    await api.patch(urls.segmentOverride(state!.id), { feature_state_value: valueObject(next) });
    await onChanged();
    setEditing(false);
    toast({ message: `Saved the value of ${featureName} for ${name}.` });
  };

  return (
    <li
      data-testid="segment-override"
      data-segment={name}
      data-override-id={featureSegment.id}
      className="px-4 py-3"
    >
      <div className="flex flex-wrap items-center gap-3">
        <span
          className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-zinc-100 text-xs font-semibold text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
          title="Priority"
        >
          {position + 1}
        </span>
        <div className="min-w-0 flex-1">
          <Link
            href={segmentHref}
            className="font-medium hover:text-indigo-600 hover:underline dark:hover:text-indigo-400"
          >
            {name}
          </Link>
          <div className="mt-0.5 flex items-center gap-2 text-sm">
            {state ? <FeatureValue value={value} /> : null}
            <InlineIds
              record={{
                feature_segment: featureSegment.id,
                priority: featureSegment.priority,
                ...(state ? { id: state.id } : {}),
              }}
            />
          </div>
        </div>
        {error && (
          <span role="alert" className="text-xs text-red-600 dark:text-red-400">
            {error}
          </span>
        )}
        <Switch
          label={`${name} override`}
          checked={shownEnabled}
          disabled={!state}
          busy={enabled !== null}
          onChange={(next) => void toggle(next)}
        />
        <div className="flex items-center">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Move ${name} up`}
            data-move={-1}
            disabled={position === 0 || lockedReason !== undefined}
            title={lockedReason}
            onClick={() => onMove(-1)}
          >
            ↑
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Move ${name} down`}
            data-move={1}
            disabled={position === count - 1 || lockedReason !== undefined}
            title={lockedReason}
            onClick={() => onMove(1)}
          >
            ↓
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
            disabled={!state}
          >
            {editing ? "Close" : "Edit value"}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Remove ${name} override`}
            onClick={onRemove}
            disabled={lockedReason !== undefined}
            title={lockedReason}
            className="text-zinc-500 dark:text-zinc-400 hover:text-red-600 dark:hover:text-red-400"
          >
            Remove
          </Button>
        </div>
      </div>
      {editing && state && (
        <div className="mt-3 rounded-lg bg-zinc-50 p-3 dark:bg-zinc-950">
          <ValueEditor label={`Value for ${name}`} value={value} onSave={saveValue} />
        </div>
      )}
    </li>
  );
}
