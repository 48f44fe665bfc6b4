"use client";
// The versions of a feature in this environment: who changed it and when, what changed
// between any two versions, and a Restore button that writes an old version back.
import { useState } from "react";
import { mutate } from "swr";
import { FeatureValue } from "@/components/features/feature-value";
import { gate, useEnvironmentPermissions } from "@/components/permissions/use-permissions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, Section } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorMessage } from "@/components/ui/error-message";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { useFeatureVersions, versionUrls, type FeatureVersion } from "@/lib/dashboard/feature-versions";
import { VersionDiff } from "./version-diff";

type FeatureHistoryProps = { environmentKey: string; featureId: number };

const when = (iso: string) => new Date(iso).toLocaleString();
const label = (v: FeatureVersion) => `${when(v.created_at)} · ${v.author?.email ?? "server"}`;

export function FeatureHistory({ environmentKey, featureId }: FeatureHistoryProps) {
  const restoreGate = gate(useEnvironmentPermissions(environmentKey), "UPDATE_FEATURE_STATE");
  const { data, error } = useFeatureVersions(environmentKey, featureId);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<FeatureVersion | null>(null);
  const versions = data?.results;
  const toUuid = to ?? versions?.[0]?.uuid ?? null;
  const fromUuid = from ?? versions?.find((v) => v.uuid === toUuid)?.previous_version_uuid ?? null;

  const toast = useToast();
  const restore = async (version: FeatureVersion) => {
    await api.post(versionUrls.restore(environmentKey, featureId, version.uuid));
    // The restore changes the default, the overrides and the history: refresh every view.
    await mutate(() => true);
    toast({ message: "Restored that version: it is the live one now." });
  };

  return (
    <Section
      id="feature-history"
      title="History"
      description="Every change to the value and segment overrides in this environment, newest first."
    >
      <Card className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {error && <ErrorMessage error={error} />}
        {!versions && !error && <Skeleton className="m-4 h-16" />}
        {versions?.map((v) => (
          <div
            key={v.uuid}
            data-testid="feature-version"
            className="flex flex-wrap items-center gap-3 p-3 text-sm"
          >
            <span className="text-zinc-700 dark:text-zinc-300">{label(v)}</span>
            {v.is_live && <Badge tone="green">Live</Badge>}
            {v.restored_from_uuid && <Badge tone="indigo">Restore</Badge>}
            <span className="text-zinc-500 dark:text-zinc-400">
              {v.state.environment_default?.enabled ? "On" : "Off"} ·{" "}
              <FeatureValue value={v.state.environment_default?.feature_state_value ?? null} /> ·{" "}
              {v.state.segment_overrides.length} segment override(s)
            </span>
            <div className="ml-auto flex gap-2">
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setTo(v.uuid);
                  setFrom(v.previous_version_uuid);
                }}
                disabled={!v.previous_version_uuid}
              >
                Changes
              </Button>
              {!v.is_live && (
                <Button size="sm" onClick={() => setRestoring(v)} {...restoreGate}>
                  Restore
                </Button>
              )}
            </div>
          </div>
        ))}
      </Card>
      {versions && versions.length > 1 && (
        <VersionDiff
          environmentKey={environmentKey}
          featureId={featureId}
          versions={versions}
          labelOf={label}
          from={fromUuid}
          to={toUuid}
          onChange={(f, t) => {
            setFrom(f);
            setTo(t);
          }}
        />
      )}
      <ConfirmDialog
        open={restoring !== null}
        title="Restore this version?"
        message={
          restoring && (
            <>
              The value, segment overrides and their order go back to how they were on{" "}
              {when(restoring.created_at)}. This is recorded as a new change.
            </>
          )
        }
        confirmLabel="Restore"
        onClose={() => setRestoring(null)}
        onConfirm={() => restore(restoring!)}
      />
    </Section>
  );
}
