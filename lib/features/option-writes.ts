// Multivariate bookkeeping shared by feature, option and environment writes. An option's
// default_percentage_allocation is copied into every environment-default state of its feature
// when the option or the environment is created; after that each environment owns its share.
import { ValidationError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { writeDefaultAllocations } from "@/lib/feature-states/allocations";
import { ENVIRONMENT_SCOPE } from "@/lib/feature-states/scope";
import { recordFeatureVersion } from "@/lib/feature-states/record-version";
import { storeValueObject } from "@/lib/values";
import { environmentDefaultState } from "./defaults";
import type { TMultivariateOptionFields } from "./schemas";

export const INVALID_ALLOCATION = "Invalid percentage allocation";
export const DEFAULT_ALLOCATION = 100;

/** Flagsmith counts a missing default_percentage_allocation as 100. */
export function optionsExceed100(options: { default_percentage_allocation?: number }[]): boolean {
  const total = options.reduce((sum, o) => sum + (o.default_percentage_allocation ?? DEFAULT_ALLOCATION), 0);
  return total > 100;
}

/** The columns of an option as sent in a body. */
export function optionData(input: TMultivariateOptionFields) {
  const stored = storeValueObject(input);
  return {
    valueType: stored.valueType,
    value: stored.value,
    defaultPercentageAllocation: input.default_percentage_allocation ?? DEFAULT_ALLOCATION,
    key: input.key ?? null,
  };
}

/** Options may share a null key, never a non-null one (Flagsmith's unique_together(feature, key)). */
export async function assertKeyFree(
  tx: Tx,
  featureId: number,
  key: string | null | undefined,
  exceptId?: number,
) {
  if (key === null || key === undefined) return;
  const clash = await tx.multivariateFeatureOption.findFirst({
    where: { featureId, key, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash) throw ValidationError.nonField("The fields feature, key must make a unique set.");
}

/**
 * Gives a new option its default share in every environment-default state of the feature.
 * A state whose shares would pass 100 refuses the option (Flagsmith checks the same on create).
 */
export async function allocateNewOption(
  tx: Tx,
  option: { id: number; featureId: number; defaultPercentageAllocation: number },
  errorField = "default_percentage_allocation",
) {
  const states = await tx.featureState.findMany({
    where: { featureId: option.featureId, scope: ENVIRONMENT_SCOPE },
    select: { id: true, multivariateValues: { select: { percentageAllocation: true } } },
  });
  for (const state of states) {
    const taken = state.multivariateValues.reduce((sum, v) => sum + v.percentageAllocation, 0);
    if (taken + option.defaultPercentageAllocation > 100) {
      throw ValidationError.field(errorField, INVALID_ALLOCATION);
    }
  }
  await writeDefaultAllocations(
    tx,
    states.map((state) => ({ id: state.id, options: [option] })),
  );
}

/**
 * A new environment's default states: one per feature of the project, each with its feature's
 * options at their default shares. Called by createEnvironment inside its transaction.
 */
export async function createDefaultStatesForEnvironment(
  tx: Tx,
  environment: { id: number; projectId: number },
  preventFlagDefaults: boolean,
) {
  const features = await tx.feature.findMany({
    where: { projectId: environment.projectId },
    select: {
      id: true,
      defaultEnabled: true,
      initialValue: true,
      multivariateOptions: {
        select: { id: true, defaultPercentageAllocation: true },
        orderBy: { id: "asc" },
      },
    },
    orderBy: { id: "asc" },
  });
  if (!features.length) return;
  const states = await tx.featureState.createManyAndReturn({
    data: features.map((f) => environmentDefaultState(f, environment.id, preventFlagDefaults)),
    select: { id: true, featureId: true },
  });
  const optionsByFeature = new Map(features.map((f) => [f.id, f.multivariateOptions]));
  await writeDefaultAllocations(
    tx,
    states.map((s) => ({ id: s.id, options: optionsByFeature.get(s.featureId) ?? [] })),
  );
  for (const feature of features) {
    await recordFeatureVersion(tx, { featureId: feature.id, environmentId: environment.id });
  }
}

/** Flagsmith flips a feature to MULTIVARIATE when an option is added, back to STANDARD when the last goes. */
export async function syncFeatureType(tx: Tx, featureId: number, change: "added" | "removed") {
  if (change === "added") {
    await tx.feature.update({ where: { id: featureId }, data: { type: "MULTIVARIATE" } });
    return;
  }
  const remaining = await tx.multivariateFeatureOption.count({ where: { featureId } });
  if (remaining === 0) await tx.feature.update({ where: { id: featureId }, data: { type: "STANDARD" } });
}
