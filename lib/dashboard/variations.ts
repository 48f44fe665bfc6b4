// Multivariate variations as the dashboard shows them: their value, their label, and which one
// an identity was given (the identity endpoints return only the value it resolved to).
import type { FeatureState, FlagValue, MultivariateOption, ResolvedFeatureState } from "./types";

export function optionValue(option: MultivariateOption): FlagValue {
  if (option.type === "int") return option.integer_value;
  if (option.type === "bool") return option.boolean_value;
  return option.string_value;
}

export function variationLabel(option: MultivariateOption): string {
  const value = optionValue(option);
  const text = value === null ? "(empty)" : String(value);
  return option.key ? `${option.key} (${text})` : text;
}

/**
 * The variation an identity got from the environment's split: a flag of a multivariate feature
 * decided by no override whose value is not the environment's control value but a variation's.
 */
export function variationOf(
  flag: ResolvedFeatureState,
  options: MultivariateOption[] | undefined,
  environmentState: FeatureState | undefined,
): MultivariateOption | null {
  if (flag.overridden_by !== null || !options?.length || !environmentState) return null;
  if (flag.feature_state_value === environmentState.feature_state_value) return null;
  return options.find((o) => optionValue(o) === flag.feature_state_value) ?? null;
}
