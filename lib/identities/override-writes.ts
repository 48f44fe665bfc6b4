// Writes of identity overrides (feature states scoped "id:<identity id>"), shared by the core
// (/identities/{id}/featurestates/) and edge (/edge-identities/{uuid}/edge-featurestates/)
// routes. The writes themselves go through lib/feature-states, like every feature state's.
import { ValidationError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { changeState, insertState, removeState } from "@/lib/feature-states/write";
import { storeInitialValue, type StoredValue } from "@/lib/values";
import type { Environment } from "./identities";

export type OverrideChange = { enabled?: boolean; value?: StoredValue };
type OverrideFeature = { id: number; initialValue: string | null; project: { preventFlagDefaults: boolean } };

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
  const { env, identityId, featureId, enabled, value, duplicate } = options;
  return db.$transaction(async (tx) => {
    const id = await insertState(
      tx,
      { featureId, environmentId: env.id, identityId, enabled, value },
      { duplicate },
    );
    return tx.featureState.findUniqueOrThrow({ where: { id } });
  });
}

export async function changeOverride(stateId: number, change: OverrideChange) {
  return db.$transaction(async (tx) => {
    await changeState(tx, stateId, change);
    return tx.featureState.findUniqueOrThrow({ where: { id: stateId } });
  });
}

export async function dropOverride(stateId: number): Promise<void> {
  await db.$transaction((tx) => removeState(tx, stateId));
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
