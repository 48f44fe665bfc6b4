// GET /environments/{id}/feature-lifecycle-counts/: how many of the project's live (not
// archived) features are in each lifecycle stage in the environment, as Flagsmith counts them.
import { NotFoundError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { emptyLifecycleCounts, lifecycleStageOf } from "./lifecycle";
import { loadLifecycleSources } from "./lifecycle-data";
import { latestVersionDates, permanentTagIds } from "./last-changed";
import { isStale, lastChangedOf, staleBefore } from "./staleness";

export async function countFeatureLifecycleStages(scope: { userId: number; environment: number | string }) {
  const ref =
    typeof scope.environment === "number" ? { id: scope.environment } : { apiKey: scope.environment };
  const environment = await db.environment.findFirst({
    where: { ...ref, project: { organisation: { users: { some: { userId: scope.userId } } } } },
    select: { id: true, projectId: true, project: { select: { staleFlagsLimitDays: true } } },
  });
  if (!environment) throw new NotFoundError();
  const { projectId } = environment;
  const limitDays = environment.project.staleFlagsLimitDays;
  const where = { projectId, isArchived: false };
  const [features, versions, permanent, sources] = await Promise.all([
    db.feature.findMany({
      where,
      select: { id: true, name: true, updatedAt: true, tags: { select: { tagId: true } } },
    }),
    latestVersionDates({ feature: where }),
    permanentTagIds(projectId),
    loadLifecycleSources({ projectId, environmentId: environment.id, staleFlagsLimitDays: limitDays }),
  ]);
  const cutoff = staleBefore(new Date(), limitDays);
  const counts = emptyLifecycleCounts();
  for (const feature of features) {
    const isPermanent = feature.tags.some((t) => permanent.has(t.tagId));
    const lastChanged = lastChangedOf(feature.updatedAt, versions.get(feature.id));
    const stage = lifecycleStageOf({
      hasCodeReferences: sources.inCode.has(feature.id),
      isPermanent,
      isStale:
        isStale({ lastChanged, staleBefore: cutoff, isPermanent }) ||
        feature.tags.some((t) => sources.staleTagIds.has(t.tagId)),
      hasRecentUsage: sources.evaluatedNames.has(feature.name),
    });
    counts[stage] += 1;
  }
  return counts;
}
