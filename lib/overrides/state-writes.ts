// Pieces shared by every write of an override state: its multivariate weights, checked
// against the feature's options, and the representation read back after the write.
import { ValidationError } from "@/lib/api/errors";
import type { DbOrTx, Tx } from "@/lib/db/client";
import { generateUuid } from "@/lib/keys";
import type { TMultivariateStateValue } from "./schemas";

export const MV_TOTAL_MESSAGE = "Multivariate percentage values exceed 100%.";

/** Refuses weights over 100% in total or for options of another feature, before any write. */
export async function checkMultivariateValues(
  tx: DbOrTx,
  featureId: number,
  values: TMultivariateStateValue[] | undefined,
): Promise<void> {
  if (!values?.length) return;
  const ids = values.map((v) => v.multivariate_feature_option);
  const options = await tx.multivariateFeatureOption.findMany({
    where: { featureId, id: { in: ids } },
    select: { id: true },
  });
  const known = new Set(options.map((o) => o.id));
  if (ids.some((id) => !known.has(id))) {
    throw new ValidationError({
      multivariate_feature_state_values: values.map((v) =>
        known.has(v.multivariate_feature_option)
          ? {}
          : {
              multivariate_feature_option: [
                `Invalid pk "${v.multivariate_feature_option}" - object does not exist.`,
              ],
            },
      ),
    });
  }
  if (new Set(ids).size !== ids.length) {
    throw ValidationError.field(
      "multivariate_feature_state_values",
      "Each multivariate option may appear only once.",
    );
  }
  const total = values.reduce((sum, v) => sum + v.percentage_allocation, 0);
  if (total > 100) throw ValidationError.nonField(MV_TOTAL_MESSAGE);
}

/** Replaces a state's multivariate weights (already checked). */
export async function replaceMultivariateValues(
  tx: Tx,
  featureStateId: number,
  values: TMultivariateStateValue[],
): Promise<void> {
  await tx.multivariateFeatureStateValue.deleteMany({ where: { featureStateId } });
  if (!values.length) return;
  await tx.multivariateFeatureStateValue.createMany({
    data: values.map((v) => ({
      uuid: generateUuid(),
      featureStateId,
      optionId: v.multivariate_feature_option,
      percentageAllocation: v.percentage_allocation,
    })),
  });
}

export const stateInclude = { multivariateValues: true } as const;

export function loadState(tx: DbOrTx, id: number) {
  return tx.featureState.findUniqueOrThrow({ where: { id }, include: stateInclude });
}
