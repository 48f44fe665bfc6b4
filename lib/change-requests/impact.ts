// Blast radius of a stored, pending change request: its proposal turned into lib/impact's
// shape and measured over the environment's stored identities (bounded and batched there),
// so reviewers see the effect they approve, not only the diff.
import { BadRequestError, NotFoundError } from "@/lib/api/errors";
import { isDbInt } from "@/lib/api/query-int";
import { db } from "@/lib/db/client";
import { engineRules, measureImpact } from "@/lib/impact/impact";
import type { ProposedState } from "@/lib/impact/apply";
import type { TRuleInput } from "@/lib/segments/schemas";
import { readValue } from "@/lib/values";
import type { TChangeRequestImpactQuery, TProjectChangeRequestImpactQuery } from "./schemas";
import { proposalsOf, requireEnvironmentRequest, requireProjectRequest, segmentsOf } from "./store";

export const COMMITTED_IMPACT = "A committed change request is live already: it has no pending impact.";

/** The blast radius of an environment change request in its environment. */
export async function changeRequestImpact(id: number, query: TChangeRequestImpactQuery) {
  const cr = await requireEnvironmentRequest(db, id);
  if (cr.committedAt) throw new BadRequestError(COMMITTED_IMPACT);
  const environment = await db.environment.findUniqueOrThrow({ where: { id: cr.environmentId as number } });
  const proposals = proposalsOf(cr);
  const featureSegmentIds = proposals.flatMap((p) => (p.feature_segment ? [p.feature_segment] : []));
  const featureSegments = await db.featureSegment.findMany({
    where: { id: { in: featureSegmentIds }, environmentId: environment.id },
    select: { id: true, segmentId: true },
  });
  const segmentOf = new Map(featureSegments.map((fs) => [fs.id, fs.segmentId]));
  // An override removed since the request was written takes no change (its commit refuses it).
  const featureStates: ProposedState[] = proposals
    .filter((p) => p.feature_segment === null || segmentOf.has(p.feature_segment))
    .map((p) => ({
      featureId: p.feature,
      segmentId: p.feature_segment === null ? null : (segmentOf.get(p.feature_segment) as number),
      enabled: p.enabled,
      value: readValue(p.value),
      allocations: p.allocations.map((a) => ({
        optionId: a.multivariate_feature_option,
        percentage: a.percentage_allocation,
      })),
    }));
  return measureImpact({
    environmentId: environment.id,
    projectId: environment.projectId,
    apiKey: environment.apiKey,
    proposal: { featureStates, segments: [] },
    segments: [],
    examples: query.examples,
  });
}

/** The blast radius of a project (segment) change request in one environment of the project. */
export async function projectChangeRequestImpact(
  projectId: number,
  id: number,
  query: TProjectChangeRequestImpactQuery,
) {
  const cr = await requireProjectRequest(db, projectId, id);
  if (cr.committedAt) throw new BadRequestError(COMMITTED_IMPACT);
  const ref = query.environment;
  const environment = await db.environment.findFirst({
    where: {
      projectId,
      ...(/^\d{1,10}$/.test(ref) && isDbInt(Number(ref)) ? { id: Number(ref) } : { apiKey: ref }),
    },
  });
  if (!environment) throw new NotFoundError();
  const segments = segmentsOf(cr).map((s) => ({
    segmentId: s.id,
    rules: engineRules(s.rules as TRuleInput[]),
  }));
  return measureImpact({
    environmentId: environment.id,
    projectId,
    apiKey: environment.apiKey,
    proposal: { featureStates: [], segments },
    segments: [],
    examples: query.examples,
  });
}
