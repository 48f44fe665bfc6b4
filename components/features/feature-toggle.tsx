"use client";
// The on/off switch of a feature in an environment. It flips at once and goes back if
// the API refuses, with the API's message next to it.
import { useState } from "react";
import { mutate } from "swr";
import { gate, useEnvironmentPermissions } from "@/components/permissions/use-permissions";
import { Switch } from "@/components/ui/switch";
import { Name, useProtectedConfirm } from "@/components/environments/protected-guard";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/dashboard/api-client";
import { errorMessage } from "@/lib/dashboard/fetcher";
import { featureStatesKey } from "@/lib/dashboard/hooks";
import type { FeatureState } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

export function useToggleFeature(environmentKey: string) {
  return async (state: FeatureState, enabled: boolean) => {
    const flip = (current: FeatureState[] | undefined) =>
      (current ?? []).map((s) => (s.id === state.id ? { ...s, enabled } : s));
    await mutate<FeatureState[]>(
      featureStatesKey(environmentKey),
      async (current) => {
        await api.patch(urls.featureState(environmentKey, state.id), { enabled });
        return flip(current);
      },
      { optimisticData: flip, rollbackOnError: true, populateCache: true, revalidate: false },
    );
  };
}

export function FeatureToggle({
  environmentKey,
  state,
  featureName,
}: {
  environmentKey: string;
  state: FeatureState;
  featureName: string;
}) {
  const toggle = useToggleFeature(environmentKey);
  const toast = useToast();
  const confirmChange = useProtectedConfirm(environmentKey);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const allowed = gate(useEnvironmentPermissions(environmentKey), "UPDATE_FEATURE_STATE");

  return (
    <div className="flex items-center gap-2">
      {error && (
        <span role="alert" className="max-w-[14rem] text-xs text-red-600 dark:text-red-400">
          {error}
        </span>
      )}
      <Switch
        label={featureName}
        checked={state.enabled}
        busy={busy}
        {...allowed}
        onChange={async (next) => {
          setError(null);
          setBusy(true);
          try {
            const verb = next ? "Turn on" : "Turn off";
            const asked = await confirmChange(
              (env) => (
                <>
                  {verb} <Name>{featureName}</Name> in {env}?
                </>
              ),
              `${verb} ${featureName}`,
            );
            if (!asked) return;
            await toggle(state, next);
            toast({
              message: `${featureName} turned ${next ? "on" : "off"}.`,
              action: {
                label: "Undo",
                onClick: async () => {
                  try {
                    await toggle({ ...state, enabled: next }, !next);
                    toast({ message: `${featureName} turned ${next ? "off" : "on"} again.` });
                  } catch (e) {
                    setError(errorMessage(e));
                  }
                },
              },
            });
          } catch (e) {
            setError(errorMessage(e));
          } finally {
            setBusy(false);
          }
        }}
      />
    </div>
  );
}
