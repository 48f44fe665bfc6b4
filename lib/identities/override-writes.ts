// Writes of identity overrides (feature states scoped "id:<identity id>"), shared by the core
// (/identities/{id}/featurestates/) and edge (/edge-identities/{uuid}/edge-featurestates/)
// routes. Overrides are part of the environment document, so every write bumps its revision.
import { assertValueBudget } from "@/lib/limits/quotas";
import { ValidationError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/environments/revision";
import { recordStateChange, snapshotState } from "@/lib/audit/feature-state-entry";
import { generateUuid } from "@/lib/keys";
import { storeInitialValue, type StoredValue } from "@/lib/values";
import type { Environment } from "./identities";

export type OverrideChange = { enabled?: boolean; value?: StoredValue };
type OverrideFeature = { id: number; initialValue: string | null; project: { preventFlagDefaults: boolean } };

export const identityScope = (identityId: number) => `id:${identityId}`;

const NOT_IN_PROJECT = "Feature does not exist in project";

/**
 * The feature a body names, which must belong to the environment's project. A feature of a
 * project the user cannot see answers as one that does not exist: another tenant's ids are
 * not revealed.
 */
export async function resolveOverrideFeature(
  userId: number,
  env: Environment,
  ref: number | string,
): Promise<OverrideFeature> {
  const include = { project: { select: { preventFlagDefaults: true } } };
  if (typeof ref === "string") {
    const feature = await db.feature.findFirst({ where: { projectId: env.projectId, name: ref }, include });
    if (!feature) throw ValidationError.field("feature", NOT_IN_PROJECT);
    return feature;
  }
  const feature = await db.feature.findFirst({
    where: { id: ref, project: { organisation: { users: { some: { userId } } } } },
    include,
  });
  if (!feature) throw ValidationError.field("feature", `Invalid pk "${ref}" - object does not exist.`);
  if (feature.projectId === env.projectId) return feature;
  throw ValidationError.field("feature", NOT_IN_PROJECT);
}

/** What a new core override holds when no value is sent: the feature's initial value. */
export function defaultOverrideValue(feature: OverrideFeature): StoredValue {
  return feature.project.preventFlagDefaults
    ? { valueType: "unicode", value: null }
    : storeInitialValue(feature.initialValue);
}

export async function insertOverride(options: {
  env: Environment;
  identityId: number;
  featureId: number;
  enabled: boolean;
  value: StoredValue;
  duplicate: () => ValidationError;
}) {
  const { env, identityId, featureId } = options;
  return db.$transaction(async (tx) => {
    const scope = identityScope(identityId);
    const existing = await tx.featureState.findFirst({
      where: { featureId, environmentId: env.id, scope },
      select: { id: true },
    });
    if (existing) throw options.duplicate();
    const state = await tx.featureState.create({
      data: {
        uuid: generateUuid(),
        featureId,
        environmentId: env.id,
        identityId,
        scope,
        enabled: options.enabled,
        valueType: options.value.valueType,
        value: options.value.value,
      },
    });
    await assertValueBudget(tx, { projectId: env.projectId });
    await touchEnvironments({ environmentId: env.id }, tx);
    await recordStateChange(tx, null, await snapshotState(tx, state.id));
    return state;
  });
}

export async function changeOverride(env: Environment, stateId: number, change: OverrideChange) {
  return db.$transaction(async (tx) => {
    const before = await snapshotState(tx, stateId);
    const state = await tx.featureState.update({
      where: { id: stateId },
      data: {
        enabled: change.enabled,
        ...(change.value ? { valueType: change.value.valueType, value: change.value.value } : {}),
      },
    });
    await assertValueBudget(tx, { projectId: env.projectId });
    await touchEnvironments({ environmentId: env.id }, tx);
    await recordStateChange(tx, before, await snapshotState(tx, stateId));
    return state;
  });
}

export async function dropOverride(env: Environment, stateId: number): Promise<void> {
  await db.$transaction(async (tx) => {
    await recordStateChange(tx, await snapshotState(tx, stateId), null);
    await tx.featureState.delete({ where: { id: stateId } });
    await touchEnvironments({ environmentId: env.id }, tx);
  });
}

/** An update may repeat the override's feature but not name another one. */
export async function assertSameFeature(
  userId: number,
  env: Environment,
  ref: number | string | undefined,
  featureId: number,
): Promise<void> {
  if (ref === undefined || ref === featureId) return;
  const feature = await resolveOverrideFeature(userId, env, ref);
  if (feature.id !== featureId) {
    throw ValidationError.field("feature", "Cannot change the feature of a feature state");
  }
}
