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

// The parts of a state that a write changes (its row, its option weights, its override's
// priority), and the parts that only name it (feature, project, environment, segment,
// identity), which a writer reads once and reuses for the snapshot after its change.
const changingParts = {
  featureSegment: { select: { priority: true } },
  multivariateValues: { orderBy: { optionId: "asc" }, include: { option: true } },
} as const;
const namingParts = {
  feature: { include: { project: { select: { id: true, name: true, organisationId: true } } } },
  environment: { select: { id: true, name: true } },
  featureSegment: { select: { segment: { select: { id: true, name: true, description: true } } } },
  identity: { select: { identifier: true } },
} as const;

type ChangingState = NonNullable<Awaited<ReturnType<typeof loadChangingParts>>>;
type StateNames = Pick<
  StateSnapshot,
  "featureName" | "segmentName" | "identifier" | "projectId" | "organisationId"
> & {
  webhookNames: {
    feature: Record<string, unknown>;
    environment: { id: number; name: string };
    segment: { id: number; name: string; description: string | null } | null;
  };
};

export type StateSnapshot = {
  id: number;
  uuid: string;
  featureId: number;
  featureName: string;
  environmentId: number;
  projectId: number;
  organisationId: number;
  segmentName: string | null;
  identifier: string | null;
  fields: Record<string, unknown>;
  /** The state as Flagsmith's environment webhooks show it (new_state / previous_state). */
  webhookState: Record<string, unknown>;
  /** What names the state, for the snapshot after a change (snapshotStateAgain). */
  names: StateNames;
};

function loadChangingParts(tx: Tx, stateId: number) {
  return tx.featureState.findUnique({ where: { id: stateId }, include: changingParts });
}

async function loadNames(tx: Tx, stateId: number): Promise<StateNames | null> {
  const state = await tx.featureState.findUnique({ where: { id: stateId }, select: namingParts });
  if (!state) return null;
  const { feature } = state;
  return {
    featureName: feature.name,
    segmentName: state.featureSegment?.segment.name ?? null,
    identifier: state.identity?.identifier ?? null,
    projectId: feature.project.id,
    organisationId: feature.project.organisationId,
    webhookNames: {
      feature: {
        id: feature.id,
        created_date: feature.createdAt.toISOString(),
        default_enabled: feature.defaultEnabled,
        description: feature.description,
        initial_value: feature.initialValue,
        name: feature.name,
        project: { id: feature.project.id, name: feature.project.name },
        type: feature.type,
      },
      environment: state.environment,
      segment: state.featureSegment?.segment ?? null,
    },
  };
}

function buildSnapshot(state: ChangingState, names: StateNames): StateSnapshot {
  const priority = state.featureSegment?.priority;
  return {
    id: state.id,
    uuid: state.uuid,
    featureId: state.featureId,
    featureName: names.featureName,
    environmentId: state.environmentId,
    projectId: names.projectId,
    organisationId: names.organisationId,
    segmentName: names.segmentName,
    identifier: names.identifier,
    fields: {
      enabled: state.enabled,
      featureStateValue: readValue(state),
      multivariateFeatureStateValues: state.multivariateValues.map((v) => ({
        multivariate_feature_option: v.optionId,
        percentage_allocation: v.percentageAllocation,
      })),
      ...(priority !== undefined ? { priority } : {}),
    },
    webhookState: {
      feature: names.webhookNames.feature,
      environment: names.webhookNames.environment,
      identity: state.identityId,
      identity_identifier: names.identifier,
      feature_segment:
        names.webhookNames.segment && priority !== undefined
          ? { segment: names.webhookNames.segment, priority }
          : null,
      enabled: state.enabled,
      feature_state_value: readValue(state),
      multivariate_feature_state_values: state.multivariateValues.map((v) => ({
        id: v.id,
        multivariate_feature_option: { id: v.optionId, value: readValue(v.option) },
        percentage_allocation: v.percentageAllocation,
      })),
    },
    names,
  };
}

export async function snapshotState(tx: Tx, stateId: number): Promise<StateSnapshot | null> {
  const state = await loadChangingParts(tx, stateId);
  const names = state && (await loadNames(tx, stateId));
  return state && names ? buildSnapshot(state, names) : null;
}

/**
 * The snapshot of a state after a change to its row, weights or priority, reusing what names
 * it from the snapshot before (a change of a state never renames its feature, environment,
 * segment or identity): half the queries of a whole snapshot.
 */
export async function snapshotStateAgain(tx: Tx, before: StateSnapshot): Promise<StateSnapshot | null> {
  const state = await loadChangingParts(tx, before.id);
  return state && buildSnapshot(state, before.names);
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
    scope: {
      environmentId: state.environmentId,
      projectId: state.projectId,
      organisationId: state.organisationId,
    },
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
