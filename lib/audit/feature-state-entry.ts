// Audit entries for feature states (environment defaults, segment overrides, identity
// overrides): every writer takes a snapshot before and after its change, in its transaction,
// and records the pair. The snapshot is what the SDKs see of the state: enabled, the typed
// value, the option weights and, for a segment override, its priority.
import type { Tx } from "@/lib/db/client";
import { readValue } from "@/lib/values";
import { recordAudit } from "./record";

export type StateSnapshot = {
  id: number;
  uuid: string;
  featureId: number;
  featureName: string;
  environmentId: number;
  segmentName: string | null;
  identifier: string | null;
  fields: Record<string, unknown>;
};

export async function snapshotState(tx: Tx, stateId: number): Promise<StateSnapshot | null> {
  const state = await tx.featureState.findUnique({
    where: { id: stateId },
    include: {
      feature: { select: { name: true } },
      featureSegment: { select: { priority: true, segment: { select: { name: true } } } },
      identity: { select: { identifier: true } },
      multivariateValues: { orderBy: { optionId: "asc" } },
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
  };
}

function logLine(s: StateSnapshot, action: "created" | "updated" | "deleted"): string {
  if (s.segmentName !== null) {
    if (action === "created")
      return `Segment override created for feature '${s.featureName}' and segment '${s.segmentName}'`;
    return `Flag state / Remote config value ${action} for feature '${s.featureName}' and segment '${s.segmentName}'`;
  }
  if (s.identifier !== null) {
    if (action === "created")
      return `Identity override created for feature '${s.featureName}' and identity '${s.identifier}'`;
    return `Flag state / Remote config value ${action} for feature '${s.featureName}' and identity '${s.identifier}'`;
  }
  return `Flag state updated for feature: ${s.featureName}`;
}

/** Records one feature state change; before null is a creation, after null a deletion. */
export async function recordStateChange(
  tx: Tx,
  before: StateSnapshot | null,
  after: StateSnapshot | null,
): Promise<void> {
  const state = (after ?? before) as StateSnapshot;
  const action = !before ? "created" : !after ? "deleted" : "updated";
  await recordAudit(tx, {
    type: "FEATURE_STATE",
    before: before?.fields ?? null,
    after: after?.fields ?? null,
    log: logLine(state, action),
    object: state,
    scope: { environmentId: state.environmentId },
  });
}
