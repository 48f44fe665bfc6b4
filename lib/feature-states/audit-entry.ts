// Audit entries for feature states (environment defaults, segment overrides, identity
// overrides): every writer takes a snapshot before and after its change, in its transaction,
// and records the pair. The snapshot is what the SDKs see of the state: enabled, the typed
// value, the option weights and, for a segment override, its priority.
import type { Tx } from "@/lib/db/client";
import { readValue } from "@/lib/values";
import { enabledWebhooks, enqueueDeliveries } from "@/lib/webhook-outbox/enqueue";
import { currentActor } from "@/lib/audit/context";
import { ensureBaselineVersion, recordFeatureVersion } from "./record-version";
import { recordAudit } from "@/lib/audit/record";

export type StateSnapshot = {
  id: number;
  uuid: string;
  featureId: number;
  featureName: string;
  environmentId: number;
  segmentName: string | null;
  identifier: string | null;
  fields: Record<string, unknown>;
  /** The state as Flagsmith's environment webhooks show it (new_state / previous_state). */
  webhookState: Record<string, unknown>;
};

export async function snapshotState(tx: Tx, stateId: number): Promise<StateSnapshot | null> {
  const state = await tx.featureState.findUnique({
    where: { id: stateId },
    include: {
      feature: { include: { project: { select: { id: true, name: true } } } },
      environment: { select: { id: true, name: true } },
      featureSegment: {
        select: { priority: true, segment: { select: { id: true, name: true, description: true } } },
      },
      identity: { select: { identifier: true } },
      multivariateValues: { orderBy: { optionId: "asc" }, include: { option: true } },
    },
  });
  if (!state) return null;
  return {
    id: state.id,
    uuid: state.uuid,
    featureId: state.featureId,
    featureName: state.feature.name,
    environmentId: state.environmentId,
    segmentName: state.featureSegment?.segment.name ?? null,
    identifier: state.identity?.identifier ?? null,
    fields: {
      enabled: state.enabled,
      featureStateValue: readValue(state),
      multivariateFeatureStateValues: state.multivariateValues.map((v) => ({
        multivariate_feature_option: v.optionId,
        percentage_allocation: v.percentageAllocation,
      })),
      ...(state.featureSegment ? { priority: state.featureSegment.priority } : {}),
    },
    webhookState: {
      feature: {
        id: state.feature.id,
        created_date: state.feature.createdAt.toISOString(),
        default_enabled: state.feature.defaultEnabled,
        description: state.feature.description,
        initial_value: state.feature.initialValue,
        name: state.feature.name,
        project: state.feature.project,
        type: state.feature.type,
      },
      environment: state.environment,
      identity: state.identityId,
      identity_identifier: state.identity?.identifier ?? null,
      feature_segment: state.featureSegment && {
        segment: state.featureSegment.segment,
        priority: state.featureSegment.priority,
      },
      enabled: state.enabled,
      feature_state_value: readValue(state),
      multivariate_feature_state_values: state.multivariateValues.map((v) => ({
        id: v.id,
        multivariate_feature_option: { id: v.optionId, value: readValue(v.option) },
        percentage_allocation: v.percentageAllocation,
      })),
    },
  };
}

/**
 * The snapshot a writer takes before it changes a state. A feature with no versions yet
 * (created before versioning) first gets one of its state as it stands, so that its history
 * starts before this change.
 */
export async function snapshotStateBeforeChange(tx: Tx, stateId: number): Promise<StateSnapshot | null> {
  const snapshot = await snapshotState(tx, stateId);
  if (snapshot && snapshot.identifier === null) {
    await ensureBaselineVersion(tx, { featureId: snapshot.featureId, environmentId: snapshot.environmentId });
  }
  return snapshot;
}

/**
 * Flagsmith's audit lines, word for word (its api/audit/constants.py). Flagsmith writes a
 * state's enabled flag and its value as two records with two lines; Ensign writes one record
 * per change, so a default's change carries the single line Flagsmith used for both, and a
 * new segment override the line Flagsmith writes once its value is stored.
 */
export function featureStateLogLine(s: StateSnapshot, action: "created" | "updated" | "deleted"): string {
  if (s.segmentName !== null) {
    const verb = action === "deleted" ? "deleted" : "updated";
    return `Flag state / Remote config value ${verb} for feature '${s.featureName}' and segment '${s.segmentName}'`;
  }
  if (s.identifier !== null) {
    if (action === "created")
      return `Identity override created for feature '${s.featureName}' and identity '${s.identifier}'`;
    return `Flag state / Remote config value ${action} for feature '${s.featureName}' and identity '${s.identifier}'`;
  }
  return `Flag state / Remote Config value updated for feature: ${s.featureName}`;
}

/** Records one feature state change; before null is a creation, after null a deletion. */
export async function recordStateChange(
  tx: Tx,
  before: StateSnapshot | null,
  after: StateSnapshot | null,
  /** version: false when the caller records one version for several states (a scheduled change). */
  options: { version?: boolean } = {},
): Promise<void> {
  const state = (after ?? before) as StateSnapshot;
  const action = !before ? "created" : !after ? "deleted" : "updated";
  await recordAudit(tx, {
    type: "FEATURE_STATE",
    before: before?.fields ?? null,
    after: after?.fields ?? null,
    log: featureStateLogLine(state, action),
    object: state,
    scope: { environmentId: state.environmentId },
  });
  // Identity overrides are not part of a feature's versions; defaults and segment overrides are.
  if (state.identifier === null && options.version !== false) {
    await recordFeatureVersion(tx, { featureId: state.featureId, environmentId: state.environmentId });
  }
  await notifyEnvironmentWebhooks(tx, before, after);
}

/**
 * FLAG_UPDATED (or FLAG_DELETED when `after` is null) to the environment's webhooks, in
 * Flagsmith's shape. recordStateChange calls it for every state change; a restore, which
 * writes several states under one audit entry, calls it for each state it changed.
 */
export async function notifyEnvironmentWebhooks(
  tx: Tx,
  before: StateSnapshot | null,
  after: StateSnapshot | null,
) {
  const state = (after ?? before) as StateSnapshot;
  const webhooks = await enabledWebhooks(tx, { environmentId: state.environmentId });
  if (webhooks.length === 0) return;
  const actor = currentActor();
  const key = actor?.masterApiKeyId
    ? await tx.masterApiKey.findUnique({ where: { id: actor.masterApiKeyId }, select: { name: true } })
    : null;
  const author =
    actor && !key && (await tx.user.findUnique({ where: { id: actor.userId }, select: { email: true } }));
  await enqueueDeliveries(tx, webhooks, after ? "FLAG_UPDATED" : "FLAG_DELETED", {
    changed_by: key ? `API key ${key.name}` : author ? author.email : "",
    timestamp: new Date().toISOString(),
    ...(after && { new_state: after.webhookState }),
    ...(before && { previous_state: before.webhookState }),
  });
}
