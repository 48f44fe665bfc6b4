"use client";
// Every flag as this identity gets it, and what decided it: the environment default, a
// segment override (named) or an override for this identity alone.
import { useMemo, useState } from "react";
import { mutate } from "swr";
import { Card, Section } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorMessage } from "@/components/ui/error-message";
import { ListSkeleton } from "@/components/ui/skeleton";
import { ChangeCancelled, Name, useProtectedConfirm } from "@/components/environments/protected-guard";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import {
  identityOverridesKey,
  useFeatureStates,
  useFeatures,
  useIdentityAllStates,
  useIdentityOverrides,
} from "@/lib/dashboard/hooks";
import type { FeatureState, ResolvedFeatureState } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";
import { variationOf } from "@/lib/dashboard/variations";
import { IdentityFlagRow } from "./identity-flag-row";
import { OverrideDialog } from "./override-dialog";

type IdentityFlagsProps = {
  projectId: number;
  environmentKey: string;
  identityId: number;
  identifier: string;
};

export function IdentityFlags({ projectId, environmentKey, identityId, identifier }: IdentityFlagsProps) {
  const { data: flags, error } = useIdentityAllStates(environmentKey, identityId);
  const confirmChange = useProtectedConfirm(environmentKey);
  const toast = useToast();
  // Variations and control values, to tell a variation from the environment default.
  const { data: features } = useFeatures(projectId);
  const { data: environmentStates } = useFeatureStates(environmentKey);
  const featureById = useMemo(() => new Map((features?.results ?? []).map((f) => [f.id, f])), [features]);
  const stateByFeature = useMemo(
    () => new Map((environmentStates ?? []).map((s) => [s.feature, s])),
    [environmentStates],
  );
  const { data: overrides } = useIdentityOverrides(environmentKey, identityId);
  const [editing, setEditing] = useState<ResolvedFeatureState | null>(null);
  const [removing, setRemoving] = useState<{ flag: ResolvedFeatureState; override: FeatureState } | null>(
    null,
  );
  const overrideByFeature = useMemo(() => new Map((overrides ?? []).map((o) => [o.feature, o])), [overrides]);
  const sorted = useMemo(
    () => (flags ?? []).slice().sort((a, b) => a.feature.name.localeCompare(b.feature.name)),
    [flags],
  );
  const refresh = () =>
    Promise.all([
      mutate(identityOverridesKey(environmentKey, identityId)),
      mutate(urls.identityAllStates(environmentKey, identityId)),
    ]);

  return (
    <Section
      title="Flags"
      description={`What SDKs get for ${identifier || "this identity"} in this environment, and why.`}
    >
      <ErrorMessage error={error} />
      {!flags && !error && (
        <Card>
          <ListSkeleton rows={3} />
        </Card>
      )}
      {flags?.length === 0 && (
        <EmptyState title="No features in this project yet">
          Create a feature first; it shows here as this identity resolves it.
        </EmptyState>
      )}
      {sorted.length > 0 && (
        <Card>
          <ul aria-label="Flags of this identity" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {sorted.map((flag) => {
              const override = overrideByFeature.get(flag.feature.id);
              return (
                <IdentityFlagRow
                  key={flag.feature.id}
                  flag={flag}
                  variation={variationOf(
                    flag,
                    featureById.get(flag.feature.id)?.multivariate_options,
                    stateByFeature.get(flag.feature.id),
                  )}
                  hasOverride={Boolean(override)}
                  onEdit={() => setEditing(flag)}
                  onRemove={() => override && setRemoving({ flag, override })}
                />
              );
            })}
          </ul>
        </Card>
      )}
      <OverrideDialog
        flag={editing}
        override={editing ? overrideByFeature.get(editing.feature.id) : undefined}
        variations={editing ? featureById.get(editing.feature.id)?.multivariate_options : undefined}
        controlValue={editing ? stateByFeature.get(editing.feature.id)?.feature_state_value : undefined}
        identifier={identifier}
        onClose={() => setEditing(null)}
        onSave={async (body) => {
          const name = editing!.feature.name;
          const asked = await confirmChange(
            (env) => (
              <>
                Save the override of <Name>{name}</Name> for {identifier} in {env}?
              </>
            ),
            "Save override",
          );
          if (!asked) throw new ChangeCancelled();
          const existing = overrideByFeature.get(editing!.feature.id);
          if (existing) await api.patch(urls.identityOverride(environmentKey, identityId, existing.id), body);
          else
            await api.post(urls.identityOverrides(environmentKey, identityId), {
              feature: editing!.feature.id,
              ...body,
            });
          await refresh();
          toast({ message: `Saved the override of ${name} for ${identifier}.` });
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove the override of “${removing?.flag.feature.name}”?`}
        message="The identity gets the flag from its segments or the environment again."
        confirmLabel="Remove override"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          const name = removing!.flag.feature.name;
          const asked = await confirmChange(
            (env) => (
              <>
                Remove the override of <Name>{name}</Name> for {identifier} in {env}?
              </>
            ),
            "Remove override",
          );
          if (!asked) return;
          const removed = removing!.override;
          await api.delete(urls.identityOverride(environmentKey, identityId, removed.id));
          await refresh();
          toast({
            message: `Removed the override of ${name} for ${identifier}.`,
            action: {
              label: "Undo",
              onClick: async () => {
                await api.post(urls.identityOverrides(environmentKey, identityId), {
                  feature: removed.feature,
                  enabled: removed.enabled,
                  feature_state_value: removed.feature_state_value,
                });
                await refresh();
                toast({ message: `Put back the override of ${name} for ${identifier}.` });
              },
            },
          });
        }}
      />
    </Section>
  );
}
