// Comparing a project's features across environments: pure, from the features and each
// environment's default feature states.
import type { FeatureState, FlagValue, MultivariateStateValue } from "./types";

export type Cell = { state: FeatureState | undefined };

export type CompareRow = {
  featureId: number;
  name: string;
  /** One cell per compared environment, in the order asked. */
  cells: Cell[];
  differs: boolean;
};

const shares = (values: MultivariateStateValue[]) =>
  values
    .map((v) => `${v.multivariate_feature_option}:${v.percentage_allocation}`)
    .sort()
    .join(",");

/** Whether two default states serve the same thing: enabled, value and variant shares. */
export function sameState(a: FeatureState | undefined, b: FeatureState | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.enabled === b.enabled &&
    a.feature_state_value === b.feature_state_value &&
    shares(a.multivariate_feature_state_values) === shares(b.multivariate_feature_state_values)
  );
}

export function compareRows(
  features: { id: number; name: string }[],
  statesByEnvironment: FeatureState[][],
): CompareRow[] {
  const maps = statesByEnvironment.map((states) => new Map(states.map((s) => [s.feature, s])));
  return features.map((feature) => {
    const cells = maps.map((m) => ({ state: m.get(feature.id) }));
    const differs = cells.some((c) => !sameState(c.state, cells[0].state));
    return { featureId: feature.id, name: feature.name, cells, differs };
  });
}

/** The PATCH that makes the target's default state serve what the source's does. */
export function copyStateBody(source: FeatureState): {
  enabled: boolean;
  feature_state_value: FlagValue;
  multivariate_feature_state_values: { multivariate_feature_option: number; percentage_allocation: number }[];
} {
  return {
    enabled: source.enabled,
    feature_state_value: source.feature_state_value,
    multivariate_feature_state_values: source.multivariate_feature_state_values.map((v) => ({
      multivariate_feature_option: v.multivariate_feature_option,
      percentage_allocation: v.percentage_allocation,
    })),
  };
}

/** `envs=` of the page's query string: environment keys, in order, without repeats. */
export function readCompared(text: string | null): string[] {
  return [...new Set((text ?? "").split(",").filter(Boolean))];
}
