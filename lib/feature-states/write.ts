// The one write path of a feature state: environment defaults, segment overrides, identity
// overrides, version restores and scheduled changes all change states through here. Each
// write checks its allocations (./allocations.ts) before it writes anything, then, in the
// caller's transaction, writes the row and its allocations, keeps the environment's value
// budget, bumps the environment's revision (SDK snapshots) and records the audit entry, the
// webhooks and the feature's new version (lib/audit/feature-state-entry.ts).
// In an environment with change requests on (minimum_change_request_approvals set) every
// write here except an identity override's is refused (409), unless the caller passes
// `bypassChangeRequests`: only the commit of an approved change request does.
import { ChangeRequestsEnabledError } from "@/lib/api/errors";
import { recordStateChange, snapshotState, snapshotStateBeforeChange } from "@/lib/audit/feature-state-entry";
import type { DbOrTx, Tx } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/environments/revision";
import { generateUuid } from "@/lib/keys";
import { assertValueBudget } from "@/lib/limits/quotas";
import type { StoredValue } from "@/lib/values";
import { checkAllocations, writeAllocations, type TAllocation } from "./allocations";
import { stateScope } from "./scope";

/** What a write changes; undefined leaves it as it is. Allocations replace the state's. */
export type StateChange = { enabled?: boolean; value?: StoredValue; allocations?: TAllocation[] };

type Owner = { featureSegmentId?: number | null; identityId?: number | null };

/** `bypassChangeRequests`: the write is an approved change request's (lib/change-requests). */
export type WriteOptions = { bypassChangeRequests?: boolean };

/**
 * Throws 409 `change_requests_enabled` when the environment's flags change only through
 * change requests. Also called by writers that change states in other ways (version
 * restore, scheduled change creation, feature segment removal) before they write.
 */
export async function assertDirectWritesAllowed(
  client: DbOrTx,
  environmentId: number,
  options: WriteOptions = {},
): Promise<void> {
  if (options.bypassChangeRequests) return;
  const environment = await client.environment.findUnique({
    where: { id: environmentId },
    select: { minimumChangeRequestApprovals: true },
  });
  if (environment && environment.minimumChangeRequestApprovals !== null) {
    throw new ChangeRequestsEnabledError();
  }
}

async function guardState(tx: Tx, stateId: number, options: WriteOptions) {
  const state = await tx.featureState.findUniqueOrThrow({
    where: { id: stateId },
    select: { featureId: true, environmentId: true, identityId: true },
  });
  // Identity overrides bypass change requests, as in Flagsmith.
  if (state.identityId === null) await assertDirectWritesAllowed(tx, state.environmentId, options);
  return state;
}

/**
 * The state's columns and allocations only, with no audit or revision: for a restore, which
 * records the change of several states as one.
 */
export async function applyStateChange(
  tx: Tx,
  stateId: number,
  change: StateChange,
  options: WriteOptions = {},
): Promise<void> {
  await guardState(tx, stateId, options);
  await tx.featureState.update({
    where: { id: stateId },
    data: {
      enabled: change.enabled,
      ...(change.value ? { valueType: change.value.valueType, value: change.value.value } : {}),
      // Also when only the allocations change.
      updatedAt: new Date(),
    },
  });
  if (change.allocations !== undefined) await writeAllocations(tx, stateId, change.allocations);
}

/**
 * A new segment or identity override (every feature has its environment default already).
 * Returns the new state's id.
 */
export async function insertState(
  tx: Tx,
  state: Owner & { featureId: number; environmentId: number; enabled: boolean; value: StoredValue },
  options: WriteOptions & { allocations?: TAllocation[]; duplicate: () => Error },
): Promise<number> {
  if (!state.identityId) await assertDirectWritesAllowed(tx, state.environmentId, options);
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
  await assertValueBudget(tx, { environmentId: state.environmentId });
  await touchEnvironments({ environmentId: state.environmentId }, tx);
  await recordStateChange(tx, null, await snapshotState(tx, id));
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
  options: WriteOptions & { batch?: boolean } = {},
): Promise<void> {
  const { featureId, environmentId } = await guardState(tx, stateId, options);
  await checkAllocations(tx, featureId, change.allocations);
  const before = await snapshotStateBeforeChange(tx, stateId);
  await applyStateChange(tx, stateId, change, { bypassChangeRequests: true });
  if (!options.batch) {
    await assertValueBudget(tx, { environmentId });
    await touchEnvironments({ environmentId }, tx);
  }
  await recordStateChange(tx, before, await snapshotState(tx, stateId), { version: !options.batch });
}

/** Deletes an override; the caller refuses to delete an environment default. */
export async function removeState(tx: Tx, stateId: number, options: WriteOptions = {}): Promise<void> {
  const exists = await tx.featureState.findUnique({ where: { id: stateId }, select: { id: true } });
  if (exists) await guardState(tx, stateId, options);
  const before = await snapshotStateBeforeChange(tx, stateId);
  if (!before) return;
  await tx.featureState.delete({ where: { id: stateId } });
  // After the delete, so that the feature's new version no longer has the override.
  await recordStateChange(tx, before, null);
  await touchEnvironments({ environmentId: before.environmentId }, tx);
}
