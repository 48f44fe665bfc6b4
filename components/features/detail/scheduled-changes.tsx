"use client";
// Changing a feature's state and value in this environment, with its segment overrides, now
// or at a chosen time (picked in the user's time zone, shown with UTC). Pending changes are
// listed with their time, author and content, and can be cancelled; applied ones join the
// History panel as versions.
import { useEffect, useRef, useState } from "react";
import { mutate } from "swr";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { Checkbox, inputClass, SelectField } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { useFeatureSegments, useFeatureStatesOfFeature } from "@/lib/dashboard/hooks";
import {
  dateToLocalInput,
  localInputToDate,
  localTimeZone,
  scheduledUrls,
  useScheduledChanges,
  utcText,
  whenText,
  type ScheduledChange,
} from "@/lib/dashboard/scheduled-changes";
import type { FlagValue } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { parseValue, valueObject, type ValueKind } from "@/lib/dashboard/values";
import { ValueInput } from "../value-input";

type Props = { environmentKey: string; environmentId: number; featureId: number; defaultStateId: number };

type Draft = { state: "" | "on" | "off"; changeValue: boolean; kind: ValueKind; text: string };
const EMPTY: Draft = { state: "", changeValue: false, kind: "string", text: "" };

/** The part of the request for one state; null when the draft changes nothing or is invalid. */
function changeOf(draft: Draft): { enabled?: boolean; value?: FlagValue; invalid?: string } | null {
  const out: { enabled?: boolean; value?: FlagValue; invalid?: string } = {};
  if (draft.state) out.enabled = draft.state === "on";
  if (draft.changeValue) {
    const parsed = parseValue(draft.kind, draft.text);
    if (!parsed.ok) return { invalid: parsed.error };
    out.value = parsed.value;
  }
  return out.enabled === undefined && !("value" in out) ? null : out;
}

function describe(enabled: boolean | null, changesValue: boolean, value: FlagValue): string {
  const parts = [];
  if (enabled !== null) parts.push(enabled ? "On" : "Off");
  if (changesValue) parts.push(`value ${JSON.stringify(value)}`);
  return parts.join(", ");
}

export function summary(change: ScheduledChange): string {
  const parts = [];
  const own = describe(change.enabled, change.changes_value, change.feature_state_value);
  if (own) parts.push(`Default: ${own}`);
  for (const o of change.segment_overrides) {
    parts.push(
      `Segment ${o.segment_name ?? `#${o.segment} (deleted)`}: ${describe(o.enabled, o.changes_value, o.feature_state_value)}`,
    );
  }
  return parts.join(" · ");
}

function StateDraft({
  label,
  draft,
  onChange,
}: {
  label: string;
  draft: Draft;
  onChange: (draft: Draft) => void;
}) {
  const parsed = draft.changeValue ? parseValue(draft.kind, draft.text) : null;
  return (
    <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
      <SelectField
        label={`State (${label})`}
        value={draft.state}
        onChange={(e) => onChange({ ...draft, state: e.target.value as Draft["state"] })}
      >
        <option value="">Leave as it is</option>
        <option value="on">On</option>
        <option value="off">Off</option>
      </SelectField>
      <div className="space-y-2">
        <Checkbox
          label={`Change the value (${label})`}
          checked={draft.changeValue}
          onChange={(e) => onChange({ ...draft, changeValue: e.target.checked })}
        />
        {draft.changeValue && (
          <ValueInput
            label={`New value (${label})`}
            kind={draft.kind}
            text={draft.text}
            onKindChange={(kind) => onChange({ ...draft, kind })}
            onTextChange={(text) => onChange({ ...draft, text })}
            error={parsed && !parsed.ok && draft.text !== "" ? parsed.error : null}
          />
        )}
      </div>
    </div>
  );
}

export function ScheduledChanges({ environmentKey, environmentId, featureId, defaultStateId }: Props) {
  const { data: changes, error } = useScheduledChanges(environmentKey, featureId);
  const { data: links } = useFeatureSegments(featureId, environmentId);
  const { data: states } = useFeatureStatesOfFeature(featureId, environmentId);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [overrides, setOverrides] = useState<Record<number, Draft>>({});
  const [when, setWhen] = useState<"now" | "later">("now");
  const [runAt, setRunAt] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState<ScheduledChange | null>(null);

  // When the server applies a change, the state, overrides and history shown elsewhere on
  // the page are stale: refresh them all once.
  const loaded = changes !== undefined;
  const appliedIds = (changes ?? [])
    .filter((c) => c.status === "APPLIED")
    .map((c) => c.id)
    .join(",");
  const seenApplied = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded) return;
    if (seenApplied.current !== null && seenApplied.current !== appliedIds) void mutate(() => true);
    seenApplied.current = appliedIds;
  }, [loaded, appliedIds]);

  const runDate = localInputToDate(runAt);
  const pending = (changes ?? [])
    .filter((c) => c.status === "PENDING")
    .sort((a, b) => (a.run_at < b.run_at ? -1 : 1));
  const past = (changes ?? []).filter((c) => c.status !== "PENDING").slice(0, 5);

  const reset = () => {
    setDraft(EMPTY);
    setOverrides({});
    setWhen("now");
    setRunAt("");
  };

  const submit = async () => {
    setFormError(null);
    const own = changeOf(draft);
    const segmentChanges = (links ?? []).flatMap((link) => {
      const c = changeOf(overrides[link.segment] ?? EMPTY);
      return c ? [{ link, c }] : [];
    });
    const invalid = [own, ...segmentChanges.map((s) => s.c)].find((c) => c?.invalid)?.invalid;
    if (invalid) return setFormError(invalid);
    if (!own && segmentChanges.length === 0) return setFormError("Choose what to change.");
    if (when === "later" && (!runDate || runDate.getTime() <= Date.now())) {
      return setFormError("Pick a date and time in the future.");
    }
    setBusy(true);
    try {
      if (when === "later") {
        await api.post(scheduledUrls.list(environmentKey, featureId), {
          run_at: runDate!.toISOString(),
          ...(own && own.enabled !== undefined && { enabled: own.enabled }),
          ...(own && "value" in own && { feature_state_value: own.value }),
          ...(segmentChanges.length > 0 && {
            segment_overrides: segmentChanges.map(({ link, c }) => ({
              segment: link.segment,
              ...(c.enabled !== undefined && { enabled: c.enabled }),
              ...("value" in c && { feature_state_value: c.value }),
            })),
          }),
        });
      } else {
        if (own) {
          await api.patch(urls.featureState(environmentKey, defaultStateId), {
            ...(own.enabled !== undefined && { enabled: own.enabled }),
            ...("value" in own && { feature_state_value: own.value }),
          });
        }
        for (const { link, c } of segmentChanges) {
          const state = states?.find((s) => s.feature_segment === link.id);
          if (!state) continue;
          await api.patch(urls.segmentOverride(state.id), {
            ...(c.enabled !== undefined && { enabled: c.enabled }),
            ...("value" in c && { feature_state_value: valueObject(c.value ?? null) }),
          });
        }
      }
      reset();
      // The change touches the state, the overrides, the history and this list.
      await mutate(() => true);
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section
      id="scheduled-changes"
      title="Change now or later"
      description="Change the state and value here and in segment overrides, now or at a time you choose."
    >
      <Card className="space-y-4 p-4">
        <form
          aria-label="Change the feature"
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <StateDraft label="environment default" draft={draft} onChange={setDraft} />
          {(links ?? []).map((link) => (
            <StateDraft
              key={link.id}
              label={`segment ${link.segment_name ?? link.segment}`}
              draft={overrides[link.segment] ?? EMPTY}
              onChange={(d) => setOverrides((all) => ({ ...all, [link.segment]: d }))}
            />
          ))}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">When</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" name="when" checked={when === "now"} onChange={() => setWhen("now")} />
                Now
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="when"
                  checked={when === "later"}
                  onChange={() => {
                    setWhen("later");
                    if (!runAt) setRunAt(dateToLocalInput(new Date(Date.now() + 3600_000)));
                  }}
                />
                Schedule for later
              </label>
            </div>
            {when === "later" && (
              <div className="space-y-1">
                <label htmlFor="scheduled-run-at" className="block text-sm text-zinc-700 dark:text-zinc-300">
                  Date and time ({localTimeZone()})
                </label>
                <input
                  id="scheduled-run-at"
                  type="datetime-local"
                  step={1}
                  value={runAt}
                  onChange={(e) => setRunAt(e.target.value)}
                  className={`${inputClass} max-w-xs`}
                  aria-describedby="scheduled-run-at-utc"
                />
                <p id="scheduled-run-at-utc" className="text-xs text-zinc-500 dark:text-zinc-400">
                  {runDate ? `That is ${utcText(runDate)}.` : "Pick a date and time."} Your time zone:{" "}
                  {localTimeZone()}.
                </p>
              </div>
            )}
          </fieldset>
          <ErrorMessage message={formError} />
          <Button type="submit" variant="primary" busy={busy}>
            {when === "later" ? "Schedule change" : "Apply now"}
          </Button>
        </form>
      </Card>

      <Card className="divide-y divide-zinc-200 dark:divide-zinc-800">
        <h3 className="p-3 text-sm font-medium text-zinc-700 dark:text-zinc-300">
          Pending scheduled changes
        </h3>
        {error && <ErrorMessage error={error} />}
        {!changes && !error && <Skeleton className="m-4 h-10" />}
        {changes && pending.length === 0 && (
          <p className="p-3 text-sm text-zinc-500 dark:text-zinc-400">None pending.</p>
        )}
        {pending.map((c) => (
          <div
            key={c.id}
            data-testid="scheduled-change"
            className="flex flex-wrap items-center gap-3 p-3 text-sm"
          >
            <span className="text-zinc-700 dark:text-zinc-300">{whenText(c.run_at)}</span>
            <span className="text-zinc-500 dark:text-zinc-400">{c.author?.email ?? "server"}</span>
            <span className="font-mono text-xs">{summary(c)}</span>
            <Button size="sm" className="ml-auto" onClick={() => setCancelling(c)}>
              Cancel
            </Button>
          </div>
        ))}
        {past.map((c) => (
          <div
            key={c.id}
            data-testid="past-scheduled-change"
            className="flex flex-wrap items-center gap-3 p-3 text-sm"
          >
            <Badge tone={c.status === "APPLIED" ? "green" : "neutral"}>
              {c.status === "APPLIED" ? "Applied" : "Cancelled"}
            </Badge>
            <span className="text-zinc-600 dark:text-zinc-400">{whenText(c.applied_at ?? c.run_at)}</span>
            <span className="font-mono text-xs">{summary(c)}</span>
          </div>
        ))}
      </Card>
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this scheduled change?"
        message={cancelling && <>It will not be applied: {summary(cancelling)}.</>}
        confirmLabel="Cancel change"
        onClose={() => setCancelling(null)}
        onConfirm={async () => {
          await api.delete(scheduledUrls.one(environmentKey, featureId, cancelling!.id));
          await mutate(scheduledUrls.list(environmentKey, featureId));
        }}
      />
    </Section>
  );
}
