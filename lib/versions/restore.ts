// POST /environments/{key}/features/{id}/versions/{uuid}/restore/: writes a version's state
// back as a new change, in one transaction: the environment default, and the segment
// overrides with their order, values and weights. Overrides added since are removed. A
// segment or option deleted since cannot come back and is left out. The restore is one
// audit entry and a new version that names the one restored; the states are written through
// lib/feature-states like every other change.
import { db, type Tx } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record";
import {
  notifyEnvironmentWebhooks,
  snapshotState,
  type StateSnapshot,
} from "@/lib/feature-states/audit-entry";
import { touchEnvironments } from "@/lib/db/revision";
import { ENVIRONMENT_SCOPE, stateScope } from "@/lib/feature-states/scope";
import { applyStateChange, assertDirectWritesAllowed } from "@/lib/feature-states/write";
import { generateUuid } from "@/lib/keys";
import { recordFeatureVersion } from "@/lib/feature-states/record-version";
import {
  snapshotFeature,
  storedValue,
  type FeatureInEnvironment,
  type FeatureSnapshot,
  type StateFields,
} from "@/lib/feature-states/feature-snapshot";
import { requireFeatureInEnvironment, requireVersion, serializeVersions, type VersionPath } from "./versions";

async function writeState(tx: Tx, stateId: number, fields: StateFields, optionIds: Set<number>) {
  await applyStateChange(tx, stateId, {
    enabled: fields.enabled,
    value: storedValue(fields),
    allocations: fields.multivariate_feature_state_values.filter((w) =>
      optionIds.has(w.multivariate_feature_option),
    ),
  });
}

/** The environment default and segment override states, as the webhooks show them. */
async function nonIdentityStates(tx: Tx, where: FeatureInEnvironment) {
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

/** Each state the restore changed, created or deleted is reported as a normal change would be. */
async function notifyChangedStates(
  tx: Tx,
  before: Map<number, StateSnapshot>,
  after: Map<number, StateSnapshot>,
) {
  for (const [id, old] of before) {
    const now = after.get(id) ?? null;
    if (now && JSON.stringify(now.fields) === JSON.stringify(old.fields)) continue;
    await notifyEnvironmentWebhooks(tx, old, now);
  }
  for (const [id, now] of after) if (!before.has(id)) await notifyEnvironmentWebhooks(tx, null, now);
}

export async function restoreFeatureVersion(path: VersionPath) {
  const { environment, feature, where } = await requireFeatureInEnvironment(path);
  const version = await requireVersion(db, where, path.versionUuid);
  const target = JSON.parse(version.snapshot) as FeatureSnapshot;
  return db.$transaction(async (tx) => {
    await assertDirectWritesAllowed(tx, environment.id);
    const before = await snapshotFeature(tx, where);
    const statesBefore = await nonIdentityStates(tx, where);
    const [options, segments] = await Promise.all([
      tx.multivariateFeatureOption.findMany({ where: { featureId: feature.id }, select: { id: true } }),
      tx.segment.findMany({
        where: {
          id: { in: target.segment_overrides.map((o) => o.segment) },
          projectId: environment.projectId,
        },
        select: { id: true },
      }),
    ]);
    const optionIds = new Set(options.map((o) => o.id));
    const liveSegments = new Set(segments.map((s) => s.id));
    const wanted = target.segment_overrides.filter((o) => liveSegments.has(o.segment));

    const environmentDefault = await tx.featureState.findFirst({
      where: { ...where, scope: ENVIRONMENT_SCOPE },
    });
    if (environmentDefault && target.environment_default) {
      await writeState(tx, environmentDefault.id, target.environment_default, optionIds);
    }
    await tx.featureSegment.deleteMany({
      where: { ...where, segmentId: { notIn: wanted.map((o) => o.segment) } },
    });
    for (const override of wanted) {
      const link = await tx.featureSegment.upsert({
        where: { featureId_segmentId_environmentId: { ...where, segmentId: override.segment } },
        create: { ...where, segmentId: override.segment, uuid: generateUuid(), priority: override.priority },
        update: { priority: override.priority },
        include: { featureState: { select: { id: true } } },
      });
      const stateId =
        link.featureState?.id ??
        (
          await tx.featureState.create({
            data: {
              ...where,
              uuid: generateUuid(),
              featureSegmentId: link.id,
              scope: stateScope({ featureSegmentId: link.id }),
            },
          })
        ).id;
      await writeState(tx, stateId, override, optionIds);
    }
    await touchEnvironments({ environmentId: environment.id }, tx);
    await recordAudit(tx, {
      type: "FEATURE",
      before: { version: before },
      after: { version: await snapshotFeature(tx, where) },
      log: `Version ${version.uuid} restored for flag: ${feature.name} in environment: ${environment.name}`,
      object: { id: feature.id },
      scope: { environmentId: environment.id },
    });
    await recordFeatureVersion(tx, where, { restoredFromUuid: version.uuid });
    await notifyChangedStates(tx, statesBefore, await nonIdentityStates(tx, where));
    const latest = await tx.featureVersion.findFirstOrThrow({ where, orderBy: { id: "desc" } });
    const [serialized] = await serializeVersions(tx, where, [latest]);
    return serialized;
  });
}
