// The state a feature starts with in an environment: its default_enabled and its
// initial_value typed as Flagsmith types it (project.prevent_flag_defaults → off, no value).
import { generateUuid } from "@/lib/keys";
import { storeInitialValue } from "@/lib/values";

type FeatureDefaults = { id: number; defaultEnabled: boolean; initialValue: string | null };

export function environmentDefaultState(
  feature: FeatureDefaults,
  environmentId: number,
  preventFlagDefaults: boolean,
) {
  const value = preventFlagDefaults
    ? { valueType: "unicode", value: null }
    : storeInitialValue(feature.initialValue);
  return {
    uuid: generateUuid(),
    featureId: feature.id,
    environmentId,
    scope: "env",
    enabled: preventFlagDefaults ? false : feature.defaultEnabled,
    ...value,
  };
}
