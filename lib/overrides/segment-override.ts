// POST /environments/{key}/features/{id}/create-segment-override/: the feature segment and
// its override state in one call and one transaction, instead of the two-step flow.
import { assertValueBudget } from "@/lib/limits/quotas";
import { NotFoundError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { requireEnvironment } from "@/lib/organisations/access";
import { touchEnvironments } from "@/lib/environments/revision";
import { recordStateChange, snapshotState } from "@/lib/audit/feature-state-entry";
import { generateUuid } from "@/lib/keys";
import { requireSegmentById } from "./access";
import { checkSegmentForFeature, insertFeatureSegment } from "./feature-segments";
import type { TSegmentOverrideCreate } from "./schemas";
import { serializeSegmentOverride } from "./serializers";
import { checkMultivariateValues, loadState, replaceMultivariateValues } from "./state-writes";

type Path = { userId: number; apiKey: string; featureId: number };

export async function createSegmentOverride(path: Path, input: TSegmentOverrideCreate) {
  const environment = await requireEnvironment(path.userId, path.apiKey);
  const feature = await db.feature.findFirst({
    where: { id: path.featureId, projectId: environment.projectId },
    select: { id: true, projectId: true },
  });
  if (!feature) throw new NotFoundError();
  const segment = await requireSegmentById(path.userId, input.feature_segment.segment);
  checkSegmentForFeature(segment, feature);
  await checkMultivariateValues(db, feature.id, input.multivariate_feature_state_values);
  const { state, link } = await db.$transaction(async (tx) => {
    const link = await insertFeatureSegment(
      tx,
      { featureId: feature.id, segmentId: segment.id, environmentId: environment.id },
      input.feature_segment.priority,
    );
    const created = await tx.featureState.create({
      data: {
        uuid: generateUuid(),
        featureId: feature.id,
        environmentId: environment.id,
        featureSegmentId: link.id,
        scope: `seg:${link.id}`,
        enabled: input.enabled ?? false,
        ...input.feature_state_value,
      },
    });
    await replaceMultivariateValues(tx, created.id, input.multivariate_feature_state_values ?? []);
    await assertValueBudget(tx, { projectId: environment.projectId });
    await touchEnvironments({ environmentId: environment.id }, tx);
    await recordStateChange(tx, null, await snapshotState(tx, created.id));
    return { state: await loadState(tx, created.id), link };
  });
  return serializeSegmentOverride(state, link);
}
