// The facts lifecycleStageOf needs, loaded for many features at once: one query each for the
// features the latest scans found, the features the environment evaluated recently, and the
// project's STALE tags (staleness and permanent tags come from the features list's own data).
import { db } from "@/lib/db/client";
import { featuresInLatestScan } from "@/lib/code-references/read";
import { staleBefore } from "./staleness";

export type LifecycleSources = {
  inCode: Set<number>;
  evaluatedNames: Set<string>;
  staleTagIds: Set<number>;
};

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

export async function loadLifecycleSources(options: {
  projectId: number;
  environmentId: number;
  staleFlagsLimitDays: number;
  featureIds?: number[];
}): Promise<LifecycleSources> {
  const since = utcDay(staleBefore(new Date(), options.staleFlagsLimitDays));
  const [inCode, evaluations, staleTags] = await Promise.all([
    featuresInLatestScan(options.projectId, options.featureIds),
    db.featureEvaluation.groupBy({
      by: ["featureName"],
      where: { environmentId: options.environmentId, day: { gte: since }, count: { gt: 0 } },
    }),
    db.tag.findMany({ where: { projectId: options.projectId, type: "STALE" }, select: { id: true } }),
  ]);
  return {
    inCode,
    evaluatedNames: new Set(evaluations.map((e) => e.featureName)),
    staleTagIds: new Set(staleTags.map((t) => t.id)),
  };
}
