"use client";
// What can be done to the selected features at once: turn them on or off in this environment,
// add a tag, archive or unarchive. One public API request per feature (a few at a time), with
// progress, and the features that failed listed with the API's reason. The selection stays, so
// several actions can follow one another on the same features.
import { useState } from "react";
import { Name, useProtectedConfirm } from "@/components/environments/protected-guard";
import {
  gate,
  useEnvironmentPermissions,
  useProjectPermissions,
} from "@/components/permissions/use-permissions";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { compactSelectClass } from "@/components/ui/field";
import { api } from "@/lib/dashboard/api-client";
import { MAX_BULK_FEATURES, runBulk, type BulkOutcome, type BulkProgress } from "@/lib/dashboard/bulk";
import { errorMessage } from "@/lib/dashboard/fetcher";
import type { Feature, StateSummary, Tag } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

type Action = { verb: string; done: string; run: (feature: Feature) => Promise<unknown> };

type Report = { action: string; total: number; failures: { name: string; error: string }[] };

export function BulkActions({
  projectId,
  environmentKey,
  selected,
  states,
  tags,
  archivedView,
  onFinished,
  onClear,
}: {
  projectId: number;
  environmentKey: string;
  selected: Feature[];
  states: Map<number, StateSummary>;
  tags: Tag[];
  /** The list shows archived features: offer Unarchive instead of Archive. */
  archivedView: boolean;
  /** After a run: reload what it changed. */
  onFinished: () => Promise<void>;
  onClear: () => void;
}) {
  const [tagId, setTagId] = useState("");
  const [progress, setProgress] = useState<(BulkProgress & { verb: string }) | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const confirmChange = useProtectedConfirm(environmentKey);
  const stateGate = gate(useEnvironmentPermissions(environmentKey), "UPDATE_FEATURE_STATE");
  const featureGate = gate(useProjectPermissions(projectId), "CREATE_FEATURE");
  const tooMany = selected.length > MAX_BULK_FEATURES;
  const busy = progress !== null;

  const patchFeature = (feature: Feature, body: Record<string, unknown>) =>
    api.patch(urls.feature(projectId, feature.id), body);

  const toggle = (enabled: boolean): Action => ({
    verb: enabled ? "Turning on" : "Turning off",
    done: enabled ? "Turned on" : "Turned off",
    run: async (feature) => {
      const state = states.get(feature.id);
      if (!state) throw new Error("No state in this environment.");
      if (state.enabled !== enabled)
        await api.patch(urls.featureState(environmentKey, state.id), { enabled });
    },
  });

  const run = async (action: Action) => {
    if (busy || tooMany || selected.length === 0) return;
    setReport(null);
    const features = [...selected];
    setProgress({ verb: action.verb, done: 0, total: features.length, failed: 0 });
    let outcomes: BulkOutcome<Feature>[] = [];
    try {
      outcomes = await runBulk(features, action.run, {
        describe: errorMessage,
        onProgress: (p) => setProgress({ ...p, verb: action.verb }),
      });
    } finally {
      setProgress(null);
    }
    const failures = outcomes.flatMap((o) => (o.ok ? [] : [{ name: o.item.name, error: o.error }]));
    setReport({ action: action.done, total: features.length, failures });
    await onFinished();
  };

  const runToggle = async (enabled: boolean) => {
    const count = `${selected.length} feature${selected.length === 1 ? "" : "s"}`;
    const verb = enabled ? "Turn on" : "Turn off";
    const asked = await confirmChange(
      (env) => (
        <>
          {verb} <Name>{count}</Name> in {env}?
        </>
      ),
      `${verb} ${count}`,
    );
    if (asked) await run(toggle(enabled));
  };

  const tag = tags.find((t) => String(t.id) === tagId);
  const addTag: Action | null = tag
    ? {
        verb: `Adding the tag ${tag.label} to`,
        done: `Added the tag ${tag.label} to`,
        run: (feature) =>
          feature.tags.includes(tag.id)
            ? Promise.resolve()
            : patchFeature(feature, { tags: [...feature.tags, tag.id] }),
      }
    : null;
  const archive: Action = archivedView
    ? { verb: "Unarchiving", done: "Unarchived", run: (f) => patchFeature(f, { is_archived: false }) }
    : { verb: "Archiving", done: "Archived", run: (f) => patchFeature(f, { is_archived: true }) };

  if (selected.length === 0 && !report && !progress) return null;
  const disabled = busy || tooMany;

  return (
    <Card className="space-y-3 p-3">
      <section aria-label="Bulk actions" className="flex flex-wrap items-center gap-2">
        <p className="mr-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {selected.length} selected
        </p>
        <Button
          size="sm"
          onClick={() => void runToggle(true)}
          {...stateGate}
          disabled={disabled || stateGate.disabled}
        >
          Turn on
        </Button>
        <Button
          size="sm"
          onClick={() => void runToggle(false)}
          {...stateGate}
          disabled={disabled || stateGate.disabled}
        >
          Turn off
        </Button>
        {tags.length > 0 && (
          <span className="flex items-center gap-1">
            <select
              aria-label="Tag to add"
              className={`${compactSelectClass} h-8 py-1`}
              value={tagId}
              onChange={(e) => setTagId(e.target.value)}
            >
              <option value="">Tag…</option>
              {tags.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </select>
            <Button
              size="sm"
              onClick={() => addTag && void run(addTag)}
              {...featureGate}
              disabled={disabled || featureGate.disabled || !addTag}
            >
              Add tag
            </Button>
          </span>
        )}
        <Button
          size="sm"
          onClick={() => void run(archive)}
          {...featureGate}
          disabled={disabled || featureGate.disabled}
        >
          {archivedView ? "Unarchive" : "Archive"}
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear} disabled={busy}>
          Clear selection
        </Button>
      </section>
      {tooMany && (
        <p className="text-sm text-amber-700 dark:text-amber-300">
          One action takes at most {MAX_BULK_FEATURES} features: narrow the selection.
        </p>
      )}
      <div role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
        {progress && (
          <div className="flex flex-wrap items-center gap-2">
            <span>
              {progress.verb} {progress.done} of {progress.total}…
            </span>
            <progress
              aria-label="Progress"
              className="h-2 w-40 accent-indigo-600"
              max={progress.total}
              value={progress.done}
            />
          </div>
        )}
        {report && <BulkReport report={report} />}
      </div>
    </Card>
  );
}

function BulkReport({ report }: { report: Report }) {
  const succeeded = report.total - report.failures.length;
  return (
    <div className="space-y-1">
      <p>
        {report.action} {succeeded} of {report.total} feature{report.total === 1 ? "" : "s"}.
        {report.failures.length > 0 && ` ${report.failures.length} failed:`}
      </p>
      {report.failures.length > 0 && (
        <ul
          aria-label="Failed features"
          className="list-disc space-y-0.5 pl-5 text-red-700 dark:text-red-400"
        >
          {report.failures.map((f) => (
            <li key={f.name} className="break-words">
              <span className="font-mono">{f.name}</span>: {f.error}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
