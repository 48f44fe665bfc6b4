// Tenant scope for ids named in request bodies and query strings (not paths): an id the
// user cannot see, or that does not exist, answers 403 as Flagsmith's permission classes
// do. Ids that are visible but belong to another project are the caller's mistake (400,
// per field), decided by the service that knows which project is expected.
import { PermissionDeniedError } from "@/lib/api/errors";
import { db, type DbOrTx } from "@/lib/db/client";

export const visibleProject = (userId: number) => ({ organisation: { users: { some: { userId } } } });

export async function requireEnvironmentById(userId: number, environmentId: number, tx: DbOrTx = db) {
  const environment = await tx.environment.findFirst({
    where: { id: environmentId, project: visibleProject(userId) },
    select: { id: true, projectId: true, apiKey: true },
  });
  if (!environment) throw new PermissionDeniedError();
  return environment;
}

export async function requireFeatureById(userId: number, featureId: number, tx: DbOrTx = db) {
  const feature = await tx.feature.findFirst({
    where: { id: featureId, project: visibleProject(userId) },
    select: { id: true, projectId: true, initialValue: true },
  });
  if (!feature) throw new PermissionDeniedError();
  return feature;
}

export async function requireSegmentById(userId: number, segmentId: number, tx: DbOrTx = db) {
  const segment = await tx.segment.findFirst({
    where: { id: segmentId, project: visibleProject(userId) },
    select: { id: true, projectId: true, featureId: true },
  });
  if (!segment) throw new PermissionDeniedError();
  return segment;
}
