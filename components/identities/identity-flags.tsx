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
  fetchList,
  identityOverridesKey,
  useApi,
  useFeatureStates,
  useIdentityAllStates,
} from "@/lib/dashboard/hooks";
import type { Feature, FeatureState, Page, ResolvedFeatureState } from "@/lib/dashboard/types";
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
  const [editing, setEditing] = useState<ResolvedFeatureState | null>(null);
  const [removing, setRemoving] = useState<ResolvedFeatureState | null>(null);
  // Variations and control values, to tell a variation from the environment default: needed only
  // for a multivariate flag the split decided, or one whose override is being edited.
  const variationsWanted =
    editing?.feature.type === "MULTIVARIATE" ||
    (flags ?? []).some((f) => f.feature.type === "MULTIVARIATE" && f.overridden_by === null);
  const { data: features } = useApi<Page<Feature>>(variationsWanted ? urls.features(projectId) : null);
  const { data: environmentStates } = useFeatureStates(variationsWanted ? environmentKey : null);
  const featureById = useMemo(() => new Map((features?.results ?? []).map((f) => [f.id, f])), [features]);
  const stateByFeature = useMemo(
    () => new Map((environmentStates ?? []).map((s) => [s.feature, s])),
    [environmentStates],
  );
  // The flags say which are overridden for this identity; the override itself (its id) is read
  // when it is changed or removed.
  const overrideOf = async (feature: number) =>
    (await fetchList<FeatureState>(urls.identityOverrides(environmentKey, identityId))).find(
      (o) => o.feature === feature,
    );
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
              return (
                <IdentityFlagRow
                  key={flag.feature.id}
                  flag={flag}
                  variation={variationOf(
                    flag,
                    featureById.get(flag.feature.id)?.multivariate_options,
                    stateByFeature.get(flag.feature.id),
                  )}
                  hasOverride={flag.overridden_by === "IDENTITY"}
                  onEdit={() => setEditing(flag)}
                  onRemove={() => setRemoving(flag)}
                />
              );
            })}
          </ul>
        </Card>
      )}
      <OverrideDialog
        flag={editing}
        overridden={editing?.overridden_by === "IDENTITY"}
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
          const existing =
            editing!.overridden_by === "IDENTITY" ? await overrideOf(editing!.feature.id) : undefined;
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
        title={`Remove the override of “${removing?.feature.name}”?`}
        message="The identity gets the flag from its segments or the environment again."
        confirmLabel="Remove override"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          const name = removing!.feature.name;
          const asked = await confirmChange(
            (env) => (
              <>
                Remove the override of <Name>{name}</Name> for {identifier} in {env}?
              </>
            ),
            "Remove override",
          );
          if (!asked) return;
          const removed = await overrideOf(removing!.feature.id);
          if (!removed) {
            // Already gone (removed elsewhere): show the flags as they are now.
            await refresh();
            return;
          }
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
