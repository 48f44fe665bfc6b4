// What a feature looks like "in the context of" an environment (?environment=<id>): its
// default state there and how many segment and identity overrides it has there.
import { NotFoundError } from "@/lib/api/errors";
import { db, type DbOrTx } from "@/lib/db/client";
import type { FeatureEnvironmentContext } from "./feature-serializers";
import { ENVIRONMENT_SCOPE } from "@/lib/feature-states/scope";

/** The environment named by ?environment=, which must belong to the project; 404 otherwise. */
export async function requireProjectEnvironment(projectId: number, environmentId: number) {
  const env = await db.environment.findFirst({
    where: { id: environmentId, projectId },
    select: { id: true },
  });
  if (!env) throw new NotFoundError();
  return env.id;
}

function countBy(rows: { featureId: number }[]) {
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.featureId, (counts.get(row.featureId) ?? 0) + 1);
  return counts;
}

export async function loadEnvironmentContexts(
  environmentId: number,
  featureIds: number[],
  tx: DbOrTx = db,
): Promise<Map<number, FeatureEnvironmentContext>> {
  const where = { environmentId, featureId: { in: featureIds } };
  const [states, segmentOverrides, identityOverrides] = await Promise.all([
    tx.featureState.findMany({ where: { ...where, scope: ENVIRONMENT_SCOPE } }),
    tx.featureState.findMany({
      where: { ...where, featureSegmentId: { not: null } },
      select: { featureId: true },
    }),
    tx.featureState.findMany({ where: { ...where, identityId: { not: null } }, select: { featureId: true } }),
  ]);
  const stateByFeature = new Map(states.map((s) => [s.featureId, s]));
  const segments = countBy(segmentOverrides);
  const identities = countBy(identityOverrides);
  return new Map(
    featureIds.map((id) => [
      id,
      {
        state: stateByFeature.get(id) ?? null,
        segmentOverrides: segments.get(id) ?? 0,
        identityOverrides: identities.get(id) ?? 0,
      },
    ]),
  );
}
