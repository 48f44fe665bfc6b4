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
import type { Feature, FeatureState, Page, StateSummary } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

/** Any page of any project's features list (the features page reads the states from it). */
const isFeaturesList = (key: unknown) => typeof key === "string" && /\/projects\/\d+\/features\/\?/.test(key);

export function useToggleFeature(environmentKey: string) {
  return async (state: StateSummary, enabled: boolean) => {
    // Flipped at once wherever the state is held, and back if the API refuses.
    const show = (on: boolean) =>
      Promise.all([
        mutate<FeatureState[]>(
          featureStatesKey(environmentKey),
          (current) => current?.map((s) => (s.id === state.id ? { ...s, enabled: on } : s)),
          { revalidate: false },
        ),
        mutate<Page<Feature>>(
          isFeaturesList,
          (page) =>
            page && {
              ...page,
              results: page.results.map((f) =>
                f.environment_feature_state?.id === state.id
                  ? { ...f, environment_feature_state: { ...f.environment_feature_state, enabled: on } }
                  : f,
              ),
            },
          { revalidate: false },
        ),
      ]);
    await show(enabled);
    try {
      await api.patch(urls.featureState(environmentKey, state.id), { enabled });
    } catch (e) {
      await show(!enabled);
      throw e;
    }
  };
}

export function FeatureToggle({
  environmentKey,
  state,
  featureName,
}: {
  environmentKey: string;
  state: StateSummary;
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
