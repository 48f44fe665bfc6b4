// Writes a committed change request's proposed feature states through the one write path
// (lib/feature-states/write.ts) with the explicit bypass: the only writer allowed to change
// flags in an environment with change requests on. Used by the commit, and by the scheduled
// runner when a committed request goes live later. Each feature becomes one new version.
import { BadRequestError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/db/revision";
import { changeState } from "@/lib/feature-states/write";
import { stateScope } from "@/lib/feature-states/scope";
import { assertValueBudget } from "@/lib/limits/quotas";
import { recordFeatureVersion } from "@/lib/feature-states/record-version";
import type { StoredProposal } from "./store";

export async function applyProposals(
  tx: Tx,
  environmentId: number,
  proposals: StoredProposal[],
): Promise<void> {
  const features = new Set<number>();
  for (const p of proposals) {
    const live = await tx.featureState.findUnique({
      where: {
        featureId_environmentId_scope: {
          featureId: p.feature,
          environmentId,
          scope: stateScope({ featureSegmentId: p.feature_segment }),
        },
      },
      select: { id: true },
    });
    // A segment override removed since the request was written cannot take its change.
    if (!live) {
      throw new BadRequestError(
        `The segment override (feature segment ${p.feature_segment}) of feature ${p.feature} no longer exists.`,
      );
    }
    await changeState(
      tx,
      live.id,
      { enabled: p.enabled, value: p.value, allocations: p.allocations },
      { batch: true, bypassChangeRequests: true },
    );
    features.add(p.feature);
  }
  await assertValueBudget(tx, { environmentId });
  await touchEnvironments({ environmentId }, tx);
  for (const featureId of features) await recordFeatureVersion(tx, { featureId, environmentId });
}
