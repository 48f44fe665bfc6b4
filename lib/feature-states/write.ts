// The one write path of a feature state: environment defaults, segment overrides, identity
// overrides, version restores and scheduled changes all change states through here. Each
// write checks its allocations (./allocations.ts) before it writes anything, then, in the
// caller's transaction, writes the row and its allocations, keeps the environment's value
// budget, bumps the environment's revision (SDK snapshots) and records the audit entry, the
// webhooks and the feature's new version (./audit-entry.ts). writeFlag writes
// several parts of one flag (Flagsmith's one-call flag API) as one such change.
// In an environment with change requests on (minimum_change_request_approvals set) every
// write here except an identity override's is refused (409), unless the caller passes
// `bypassChangeRequests`: only the commit of an approved change request does.
import { ChangeRequestsEnabledError } from "@/lib/api/errors";
import {
  notifyEnvironmentWebhooks,
  recordStateChange,
  snapshotState,
  snapshotStateAgain,
  snapshotStateBeforeChange,
  type StateSnapshot,
} from "./audit-entry";
import { recordAudit } from "@/lib/audit/record";
import type { DbOrTx, Tx } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/db/revision";
import { generateUuid } from "@/lib/keys";
import { assertQuota, assertValueBudget } from "@/lib/limits/quotas";
import type { StoredValue } from "@/lib/values";
import { allocationRow, checkAllocations, writeAllocations, type TAllocation } from "./allocations";
import { ENVIRONMENT_SCOPE, stateScope } from "./scope";
import { snapshotFeature } from "./feature-snapshot";
import { ensureBaselineVersion, recordFeatureVersion } from "./record-version";

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
  await writeState(tx, stateId, change);
}

/** The write itself, for callers that have guarded the state already. */
async function writeState(tx: Tx, stateId: number, change: StateChange): Promise<void> {
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
  options: WriteOptions & { allocations?: TAllocation[]; duplicate: () => Error; batch?: boolean },
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
  options: WriteOptions & { batch?: boolean } = {},
): Promise<void> {
  const { featureId, environmentId } = await guardState(tx, stateId, options);
  await checkAllocations(tx, featureId, change.allocations);
  const before = await snapshotStateBeforeChange(tx, stateId);
  await writeState(tx, stateId, change);
  if (!options.batch) {
    await assertValueBudget(tx, before ? { projectId: before.projectId } : { environmentId });
    await touchEnvironments({ environmentId }, tx);
  }
  const after = before ? await snapshotStateAgain(tx, before) : await snapshotState(tx, stateId);
  await recordStateChange(tx, before, after, { version: !options.batch });
}

/**
 * Deletes an override; the caller refuses to delete an environment default. `batch` as for
 * insertState (the caller bumps the revision and records the version).
 */
export async function removeState(
  tx: Tx,
  stateId: number,
  options: WriteOptions & { batch?: boolean } = {},
): Promise<void> {
  const exists = await tx.featureState.findUnique({ where: { id: stateId }, select: { id: true } });
  if (exists) await guardState(tx, stateId, options);
  const before = await snapshotStateBeforeChange(tx, stateId);
  if (!before) return;
  await tx.featureState.delete({ where: { id: stateId } });
  // After the delete, so that the feature's new version no longer has the override.
  await recordStateChange(tx, before, null, { version: !options.batch });
  if (!options.batch) await touchEnvironments({ environmentId: before.environmentId }, tx);
}

/** One segment override of a multi-part write: an existing one changes, a missing one is made. */
export type OverrideWrite = {
  segmentId: number;
  /** Written as given; a new override needs one. */
  priority?: number;
  /** A new override gets every part (enabled, value, allocations) from here. */
  change: StateChange;
};

/** A flag's environment default and segment overrides written as one change. */
export type FlagWrite = {
  environmentDefault?: StateChange;
  /** Segments whose overrides are removed (the others after them move up one). */
  removeSegments?: number[];
  overrides?: OverrideWrite[];
  /** The audit entry's line. */
  log: string;
  /** Thrown when two overrides end up sharing a priority (nothing is written then). */
  duplicatePriority: (priority: number) => Error;
};

type FeatureInEnvironment = { featureId: number; environmentId: number };

/** The environment default and segment overrides of a feature, as webhooks show them. */
async function flagStates(tx: Tx, where: FeatureInEnvironment) {
  const rows = await tx.featureState.findMany({
    where: { ...where, identityId: null },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  const snapshots = new Map<number, StateSnapshot>();
  for (const row of rows) {
    const snapshot = await snapshotState(tx, row.id);
    if (snapshot) snapshots.set(row.id, snapshot);
  }
  return snapshots;
}

async function removeOverrides(tx: Tx, where: FeatureInEnvironment, segmentIds: number[]) {
  for (const segmentId of segmentIds) {
    const link = await tx.featureSegment.findUnique({
      where: { featureId_segmentId_environmentId: { ...where, segmentId } },
      select: { id: true, priority: true },
    });
    if (!link) continue;
    await tx.featureSegment.delete({ where: { id: link.id } });
    await tx.featureSegment.updateMany({
      where: { ...where, priority: { gt: link.priority } },
      data: { priority: { decrement: 1 } },
    });
  }
}

async function writeOverride(tx: Tx, where: FeatureInEnvironment, override: OverrideWrite) {
  const link = await tx.featureSegment.findUnique({
    where: { featureId_segmentId_environmentId: { ...where, segmentId: override.segmentId } },
    include: { featureState: { select: { id: true } } },
  });
  if (link?.featureState) {
    if (override.priority !== undefined && override.priority !== link.priority) {
      await tx.featureSegment.update({ where: { id: link.id }, data: { priority: override.priority } });
    }
    await applyStateChange(tx, link.featureState.id, override.change);
    return;
  }
  await assertQuota(tx, "segmentOverrides", where.environmentId);
  const created =
    link ??
    (await tx.featureSegment.create({
      data: {
        ...where,
        segmentId: override.segmentId,
        uuid: generateUuid(),
        priority: override.priority ?? 0,
      },
    }));
  const { id } = await tx.featureState.create({
    data: {
      ...where,
      uuid: generateUuid(),
      featureSegmentId: created.id,
      scope: stateScope({ featureSegmentId: created.id }),
      enabled: override.change.enabled ?? false,
      valueType: override.change.value?.valueType ?? "unicode",
      value: override.change.value?.value ?? null,
    },
    select: { id: true },
  });
  if (override.change.allocations?.length) await writeAllocations(tx, id, override.change.allocations);
}

/**
 * Several parts of one flag in one environment (its default, overrides made, changed and
 * removed) as one change: one audit entry, one new version, one revision bump, and a webhook
 * for each state that changed. Runs in the caller's transaction; refuses before it commits.
 */
export async function writeFlag(tx: Tx, where: FeatureInEnvironment, write: FlagWrite): Promise<void> {
  // Flagsmith's one-call API answers 409 change_requests_enabled before anything else.
  await assertDirectWritesAllowed(tx, where.environmentId);
  await checkAllocations(tx, where.featureId, write.environmentDefault?.allocations);
  for (const override of write.overrides ?? []) {
    await checkAllocations(tx, where.featureId, override.change.allocations);
  }
  await ensureBaselineVersion(tx, where);
  const environmentDefault = await tx.featureState.findFirstOrThrow({
    where: { ...where, scope: ENVIRONMENT_SCOPE },
    select: { id: true, uuid: true },
  });
  const before = await snapshotFeature(tx, where);
  const statesBefore = await flagStates(tx, where);

  if (write.removeSegments?.length) await removeOverrides(tx, where, write.removeSegments);
  if (write.environmentDefault) await applyStateChange(tx, environmentDefault.id, write.environmentDefault);
  for (const override of write.overrides ?? []) await writeOverride(tx, where, override);

  const links = await tx.featureSegment.findMany({
    where,
    select: { priority: true },
    orderBy: { priority: "asc" },
  });
  const shared = links.find((link, i) => i > 0 && links[i - 1].priority === link.priority);
  if (shared) throw write.duplicatePriority(shared.priority);

  const after = await snapshotFeature(tx, where);
  if (JSON.stringify(after) === JSON.stringify(before)) return;
  await assertValueBudget(tx, { environmentId: where.environmentId });
  await touchEnvironments({ environmentId: where.environmentId }, tx);
  await recordAudit(tx, {
    type: "FEATURE_STATE",
    before: { flag: before },
    after: { flag: after },
    log: write.log,
    object: environmentDefault,
    scope: { environmentId: where.environmentId },
  });
  await recordFeatureVersion(tx, where);
  const statesAfter = await flagStates(tx, where);
  for (const [id, old] of statesBefore) {
    const now = statesAfter.get(id) ?? null;
    if (now && JSON.stringify(now.fields) === JSON.stringify(old.fields)) continue;
    await notifyEnvironmentWebhooks(tx, old, now);
  }
  for (const [id, now] of statesAfter)
    if (!statesBefore.has(id)) await notifyEnvironmentWebhooks(tx, null, now);
}

/**
 * Gives a new environment (a clone) the feature states of another: every environment default
 * and segment override with its priority, value and option weights; never identity overrides.
 * Part of the environment's creation, which is its audit entry; nothing else sees it yet.
 */
export async function copyEnvironmentStates(tx: Tx, from: number, to: number): Promise<void> {
  const states = await tx.featureState.findMany({
    where: { environmentId: from, identityId: null },
    include: { featureSegment: true, multivariateValues: true },
    orderBy: { id: "asc" },
  });
  for (const state of states) {
    const link =
      state.featureSegment &&
      (await tx.featureSegment.create({
        data: {
          uuid: generateUuid(),
          featureId: state.featureId,
          segmentId: state.featureSegment.segmentId,
          environmentId: to,
          priority: state.featureSegment.priority,
        },
      }));
    const { id } = await tx.featureState.create({
      data: {
        uuid: generateUuid(),
        featureId: state.featureId,
        environmentId: to,
        featureSegmentId: link?.id ?? null,
        scope: stateScope({ featureSegmentId: link?.id }),
        enabled: state.enabled,
        valueType: state.valueType,
        value: state.value,
      },
      select: { id: true },
    });
    if (state.multivariateValues.length) {
      await tx.multivariateFeatureStateValue.createMany({
        data: state.multivariateValues.map((v) => allocationRow(id, v.optionId, v.percentageAllocation)),
      });
    }
  }
  await assertValueBudget(tx, { environmentId: to });
}
