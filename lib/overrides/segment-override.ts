// POST /environments/{key}/features/{id}/create-segment-override/: the feature segment and
// its override state in one call and one transaction, instead of the two-step flow.
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { requireEnvironment } from "@/lib/organisations/access";
import { checkAllocations } from "@/lib/feature-states/allocations";
import { insertState } from "@/lib/feature-states/write";
import { requireSegmentById } from "./access";
import { checkSegmentForFeature, insertFeatureSegment } from "./feature-segments";
import type { TSegmentOverrideCreate } from "./schemas";
import { serializeSegmentOverride } from "./serializers";

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
  // insertState checks them too; here they answer before the feature segment's own refusals.
  await checkAllocations(db, feature.id, input.multivariate_feature_state_values);
  const { state, link } = await db.$transaction(async (tx) => {
    const link = await insertFeatureSegment(
      tx,
      { featureId: feature.id, segmentId: segment.id, environmentId: environment.id },
      input.feature_segment.priority,
    );
    const id = await insertState(
      tx,
      {
        featureId: feature.id,
        environmentId: environment.id,
        featureSegmentId: link.id,
        enabled: input.enabled ?? false,
        value: input.feature_state_value,
      },
      {
        allocations: input.multivariate_feature_state_values,
        duplicate: () => ValidationError.nonField("Feature state already exists."),
      },
    );
    const state = await tx.featureState.findUniqueOrThrow({
      where: { id },
      include: { multivariateValues: true },
    });
    return { state, link };
  });
  return serializeSegmentOverride(state, link);
}
