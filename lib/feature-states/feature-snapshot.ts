// The whole state of a feature in one environment, as a version stores it: the environment
// default and each segment override in evaluation order, with values and option weights.
// Values keep their stored type so a restore writes back exactly what the SDKs saw.
import type { DbOrTx } from "@/lib/db/client";
import { readValue, type ScalarValue } from "@/lib/values";

export type Weight = { multivariate_feature_option: number; percentage_allocation: number };
export type StateFields = {
  enabled: boolean;
  feature_state_value: ScalarValue;
  value_type: string;
  multivariate_feature_state_values: Weight[];
};
export type OverrideFields = StateFields & { segment: number; segment_name: string; priority: number };
export type FeatureSnapshot = {
  environment_default: StateFields | null;
  segment_overrides: OverrideFields[];
};
export type FeatureInEnvironment = { featureId: number; environmentId: number };

type StateRow = {
  enabled: boolean;
  valueType: string;
  value: string | null;
  multivariateValues: { optionId: number; percentageAllocation: number }[];
};

function stateFields(state: StateRow): StateFields {
  return {
    enabled: state.enabled,
    feature_state_value: readValue(state),
    value_type: state.valueType,
    multivariate_feature_state_values: [...state.multivariateValues]
      .sort((a, b) => a.optionId - b.optionId)
      .map((v) => ({
        multivariate_feature_option: v.optionId,
        percentage_allocation: v.percentageAllocation,
      })),
  };
}

export async function snapshotFeature(tx: DbOrTx, where: FeatureInEnvironment): Promise<FeatureSnapshot> {
  const mv = { select: { optionId: true, percentageAllocation: true } } as const;
  const [environmentDefault, links] = await Promise.all([
    tx.featureState.findFirst({
      where: { ...where, scope: "env" },
      include: { multivariateValues: mv },
    }),
    tx.featureSegment.findMany({
      where,
      orderBy: [{ priority: "asc" }, { id: "asc" }],
      include: {
        segment: { select: { id: true, name: true } },
        featureState: { include: { multivariateValues: mv } },
      },
    }),
  ]);
  return {
    environment_default: environmentDefault && stateFields(environmentDefault),
    // A feature segment whose state is not written yet (mid-transaction) overrides nothing.
    segment_overrides: links.flatMap((link) =>
      link.featureState
        ? [
            {
              segment: link.segment.id,
              segment_name: link.segment.name,
              priority: link.priority,
              ...stateFields(link.featureState),
            },
          ]
        : [],
    ),
  };
}

/** The stored text of a value typed as `value_type`, the inverse of readValue. */
export function storedValue(fields: StateFields): { valueType: string; value: string | null } {
  const v = fields.feature_state_value;
  return { valueType: fields.value_type, value: v === null ? null : String(v) };
}
