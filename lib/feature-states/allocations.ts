// A feature state's multivariate allocations (the share of identities each option of its
// feature gets): the one schema, the one rule set and the one way they are written, for every
// writer (environment default, segment and identity overrides, version restore, new options).
import { z } from "zod";
import { ValidationError } from "@/lib/api/errors";
import type { DbOrTx, Tx } from "@/lib/db/client";
import { generateUuid } from "@/lib/keys";

export const ZAllocation = z.object({
  id: z.int().optional().describe("Ignored: allocations are matched by option"),
  multivariate_feature_option: z.int().describe("Id of one of the feature's options"),
  percentage_allocation: z.number().min(0).max(100).describe("Share (0-100) of identities"),
});
export type TAllocation = z.infer<typeof ZAllocation>;

export const ZAllocations = z
  .array(ZAllocation)
  .describe("Replaces the option allocations; options left out get none");

const FIELD = "multivariate_feature_state_values";
// Flagsmith's wording. The duplicate is its model's unique_together (feature_state,
// multivariate_feature_option) as DRF words a unique-together clash.
export const ALLOCATIONS_EXCEED_100 = "Multivariate percentage values exceed 100%.";
export const DUPLICATE_OPTION =
  "The fields feature_state, multivariate_feature_option must make a unique set.";
export const invalidOption = (id: number) => `Invalid pk "${id}" - object does not exist.`;

type ItemErrors = Record<string, string[]>;

/**
 * Per-item errors in DRF's nested-list shape (`[{}, {"field": [...]}]`), or null when every
 * item names a distinct option of the feature. `optionIds` are the feature's options.
 */
export function allocationErrors(
  allocations: Pick<TAllocation, "multivariate_feature_option">[],
  optionIds: ReadonlySet<number>,
): ItemErrors[] | null {
  const seen = new Set<number>();
  const errors = allocations.map(({ multivariate_feature_option: id }): ItemErrors => {
    if (!optionIds.has(id)) return { multivariate_feature_option: [invalidOption(id)] };
    if (seen.has(id)) return { non_field_errors: [DUPLICATE_OPTION] };
    seen.add(id);
    return {};
  });
  return errors.some((e) => Object.keys(e).length > 0) ? errors : null;
}

export function allocationsExceed100(allocations: Pick<TAllocation, "percentage_allocation">[]): boolean {
  return allocations.reduce((sum, a) => sum + a.percentage_allocation, 0) > 100;
}

/**
 * Refuses allocations that name an option twice, an option that is not the feature's (another
 * tenant's options are not found either) or total over 100, before anything is written.
 */
export async function checkAllocations(
  client: DbOrTx,
  featureId: number,
  allocations: TAllocation[] | undefined,
): Promise<void> {
  if (!allocations?.length) return;
  const options = await client.multivariateFeatureOption.findMany({
    where: { featureId, id: { in: allocations.map((a) => a.multivariate_feature_option) } },
    select: { id: true },
  });
  const errors = allocationErrors(allocations, new Set(options.map((o) => o.id)));
  if (errors) throw new ValidationError({ [FIELD]: errors });
  // Flagsmith raises this from the state serializer's validate(), hence non_field_errors.
  if (allocationsExceed100(allocations)) throw ValidationError.nonField(ALLOCATIONS_EXCEED_100);
}

/** A new allocation row. */
export function allocationRow(featureStateId: number, optionId: number, percentageAllocation: number) {
  return { uuid: generateUuid(), featureStateId, optionId, percentageAllocation };
}

/**
 * Makes a state's allocations exactly these (already checked). An option it keeps keeps its
 * row (id and uuid), so identities stay in their variant whatever order a client sends.
 */
export async function writeAllocations(
  tx: Tx,
  featureStateId: number,
  allocations: Pick<TAllocation, "multivariate_feature_option" | "percentage_allocation">[],
): Promise<void> {
  const optionIds = allocations.map((a) => a.multivariate_feature_option);
  await tx.multivariateFeatureStateValue.deleteMany({
    where: { featureStateId, optionId: { notIn: optionIds } },
  });
  const kept = await tx.multivariateFeatureStateValue.findMany({
    where: { featureStateId },
    select: { id: true, optionId: true, percentageAllocation: true },
  });
  const byOption = new Map(kept.map((row) => [row.optionId, row]));
  const added = [];
  for (const a of allocations) {
    const row = byOption.get(a.multivariate_feature_option);
    if (!row)
      added.push(allocationRow(featureStateId, a.multivariate_feature_option, a.percentage_allocation));
    else if (row.percentageAllocation !== a.percentage_allocation) {
      await tx.multivariateFeatureStateValue.update({
        where: { id: row.id },
        data: { percentageAllocation: a.percentage_allocation },
      });
    }
  }
  if (added.length) await tx.multivariateFeatureStateValue.createMany({ data: added });
}

type OptionDefault = { id: number; defaultPercentageAllocation: number };

/** Gives new states (of a new feature, option or environment) their options at their default shares. */
export async function writeDefaultAllocations(tx: Tx, states: { id: number; options: OptionDefault[] }[]) {
  const rows = states.flatMap((state) =>
    state.options.map((option) => allocationRow(state.id, option.id, option.defaultPercentageAllocation)),
  );
  if (rows.length) await tx.multivariateFeatureStateValue.createMany({ data: rows });
}
