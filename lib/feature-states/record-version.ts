// Writes a new version of a feature in an environment. Called inside the transaction of
// every change to its environment default or segment overrides (./audit-entry.ts,
// ./segment-order-entry.ts), so the version commits or rolls back with the change.
import type { Tx } from "@/lib/db/client";
import { currentActor } from "@/lib/audit/context";
import { generateUuid } from "@/lib/keys";
import { snapshotFeature, type FeatureInEnvironment } from "./feature-snapshot";

/**
 * One write can touch several states of the same feature (a segment and then its override):
 * a snapshot equal to the latest version is not a new version, unless it is a restore.
 */
export async function recordFeatureVersion(
  tx: Tx,
  feature: FeatureInEnvironment,
  options: { restoredFromUuid?: string } = {},
): Promise<void> {
  // Callers may pass a whole row (a feature segment): keep only the two keys.
  const where = { featureId: feature.featureId, environmentId: feature.environmentId };
  const snapshot = JSON.stringify(await snapshotFeature(tx, where));
  const latest = await tx.featureVersion.findFirst({
    where,
    orderBy: { id: "desc" },
    select: { uuid: true, snapshot: true },
  });
  if (latest && latest.snapshot === snapshot && !options.restoredFromUuid) return;
  await tx.featureVersion.create({
    data: {
      ...where,
      uuid: generateUuid(),
      authorId: currentActor()?.userId ?? null,
      snapshot,
      previousVersionUuid: latest?.uuid ?? null,
      restoredFromUuid: options.restoredFromUuid ?? null,
    },
  });
}

/**
 * Gives a feature that has no versions (created before versioning existed) its first
 * version, from its state now: writers call this before they change anything, readers before
 * they list, so that state is the one before the first change. Exactly once however many
 * instances race: the transaction whose insert of the claim row lands writes the version
 * (on PostgreSQL a concurrent insert waits for that transaction, then does nothing).
 */
export async function ensureBaselineVersion(tx: Tx, feature: FeatureInEnvironment): Promise<void> {
  const where = { featureId: feature.featureId, environmentId: feature.environmentId };
  const existing = await tx.featureVersion.findFirst({ where, select: { id: true } });
  if (existing) return;
  const claimed =
    await tx.$executeRaw`INSERT INTO "FeatureVersionBaseline" ("featureId", "environmentId") VALUES (${where.featureId}, ${where.environmentId}) ON CONFLICT DO NOTHING`;
  if (claimed === 0) return;
  // The first change of a feature created with versioning writes its own version; a
  // feature with no states here (deleted) has nothing to keep.
  const snapshot = await snapshotFeature(tx, where);
  if (!snapshot.environment_default && snapshot.segment_overrides.length === 0) return;
  await tx.featureVersion.create({
    data: { ...where, uuid: generateUuid(), authorId: null, snapshot: JSON.stringify(snapshot) },
  });
}
