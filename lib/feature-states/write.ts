// The one write path of a feature state: environment defaults, segment overrides, identity
// overrides, version restores and scheduled changes all change states through here. Each
// write checks its allocations (./allocations.ts) before it writes anything, then, in the
// caller's transaction, writes the row and its allocations, keeps the environment's value
// budget, bumps the environment's revision (SDK snapshots) and records the audit entry, the
// webhooks and the feature's new version (lib/audit/feature-state-entry.ts).
import { recordStateChange, snapshotState, snapshotStateBeforeChange } from "@/lib/audit/feature-state-entry";
import type { Tx } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/environments/revision";
import { generateUuid } from "@/lib/keys";
import { assertValueBudget } from "@/lib/limits/quotas";
import type { StoredValue } from "@/lib/values";
import { checkAllocations, writeAllocations, type TAllocation } from "./allocations";
import { stateScope } from "./scope";

/**
 * What a write changes; undefined leaves it as it is. Allocations replace the state's.
 * `priority`: a segment override's place in evaluation order (its feature segment's).
 */
export type StateChange = {
  enabled?: boolean;
  value?: StoredValue;
  allocations?: TAllocation[];
  priority?: number;
};

type Owner = { featureSegmentId?: number | null; identityId?: number | null };

/**
 * The state's columns and allocations only, with no audit or revision: for a restore, which
 * records the change of several states as one.
 */
export async function applyStateChange(tx: Tx, stateId: number, change: StateChange): Promise<void> {
  const { featureSegmentId } = await tx.featureState.update({
    where: { id: stateId },
    data: {
      enabled: change.enabled,
      ...(change.value ? { valueType: change.value.valueType, value: change.value.value } : {}),
      // Also when only the allocations change.
      updatedAt: new Date(),
    },
    select: { featureSegmentId: true },
  });
  if (change.allocations !== undefined) await writeAllocations(tx, stateId, change.allocations);
  if (change.priority !== undefined && featureSegmentId !== null) {
    await tx.featureSegment.update({ where: { id: featureSegmentId }, data: { priority: change.priority } });
  }
}

/**
 * A new segment or identity override (every feature has its environment default already).
 * Returns the new state's id. `batch`: one of several changes written as one (a promotion):
 * the caller keeps the value budget, bumps the revision and records the feature's version.
 */
export async function insertState(
  tx: Tx,
  state: Owner & { featureId: number; environmentId: number; enabled: boolean; value: StoredValue },
  options: { allocations?: TAllocation[]; duplicate: () => Error; batch?: boolean },
): Promise<number> {
  await checkAllocations(tx, state.featureId, options.allocations);
  const scope = stateScope(state);
  const clash = await tx.featureState.findUnique({
    where: {
      featureId_environmentId_scope: {
        featureId: state.featureId,
        environmentId: state.environmentId,
        scope,
      },
    },
    select: { id: true },
  });
  if (clash) throw options.duplicate();
  const { id } = await tx.featureState.create({
    data: {
      uuid: generateUuid(),
      featureId: state.featureId,
      environmentId: state.environmentId,
      featureSegmentId: state.featureSegmentId ?? null,
      identityId: state.identityId ?? null,
      scope,
      enabled: state.enabled,
      valueType: state.value.valueType,
      value: state.value.value,
    },
    select: { id: true },
  });
  if (options.allocations?.length) await writeAllocations(tx, id, options.allocations);
  if (!options.batch) {
    await assertValueBudget(tx, { environmentId: state.environmentId });
    await touchEnvironments({ environmentId: state.environmentId }, tx);
  }
  await recordStateChange(tx, null, await snapshotState(tx, id), { version: !options.batch });
  return id;
}

/**
 * Changes an existing state. `batch`: one of several states changed as one change (a
 * scheduled change applied in the background); the caller bumps the revision and records the
 * feature's version once, and nobody is there to answer a refusal of the value budget.
 */
export async function changeState(
  tx: Tx,
  stateId: number,
  change: StateChange,
  options: { batch?: boolean } = {},
): Promise<void> {
  const { featureId, environmentId } = await tx.featureState.findUniqueOrThrow({
    where: { id: stateId },
    select: { featureId: true, environmentId: true },
  });
  await checkAllocations(tx, featureId, change.allocations);
  const before = await snapshotStateBeforeChange(tx, stateId);
  await applyStateChange(tx, stateId, change);
  if (!options.batch) {
    await assertValueBudget(tx, { environmentId });
    await touchEnvironments({ environmentId }, tx);
  }
  await recordStateChange(tx, before, await snapshotState(tx, stateId), { version: !options.batch });
}

/**
 * Deletes an override; the caller refuses to delete an environment default. `batch` as for
 * insertState (the caller bumps the revision and records the version).
 */
export async function removeState(tx: Tx, stateId: number, options: { batch?: boolean } = {}): Promise<void> {
  const before = await snapshotStateBeforeChange(tx, stateId);
  if (!before) return;
  await tx.featureState.delete({ where: { id: stateId } });
  // After the delete, so that the feature's new version no longer has the override.
  await recordStateChange(tx, before, null, { version: !options.batch });
  if (!options.batch) await touchEnvironments({ environmentId: before.environmentId }, tx);
}
