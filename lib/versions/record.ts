// Writes a new version of a feature in an environment. Called inside the transaction of
// every change to its environment default or segment overrides (from lib/audit), so the
// version commits or rolls back with the change.
import type { Tx } from "@/lib/db/client";
import { currentActor } from "@/lib/audit/context";
import { generateUuid } from "@/lib/keys";
import { snapshotFeature, type FeatureInEnvironment } from "./snapshot";

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
