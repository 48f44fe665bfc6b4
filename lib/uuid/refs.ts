// From an object's uuid to the ids it lives under, for the `get-by-uuid` lookups (Flagsmith's
// paths the Terraform provider reads and imports by). Each answers 0 when no object has the
// uuid, which the permission rule and the domain getters answer as the missing object (404).
import { db } from "@/lib/db/client";

export type UuidRef = { id: number; projectId: number };

export async function organisationIdOfUuid(uuid: string): Promise<number> {
  const row = await db.organisation.findUnique({ where: { uuid }, select: { id: true } });
  return row?.id ?? 0;
}

export async function projectIdOfUuid(uuid: string): Promise<number> {
  const row = await db.project.findUnique({ where: { uuid }, select: { id: true } });
  return row?.id ?? 0;
}

export async function environmentOfUuid(uuid: string): Promise<{ id: number; apiKey: string }> {
  const row = await db.environment.findUnique({ where: { uuid }, select: { id: true, apiKey: true } });
  return row ?? { id: 0, apiKey: "" };
}

export async function featureOfUuid(uuid: string): Promise<UuidRef> {
  const row = await db.feature.findUnique({ where: { uuid }, select: { id: true, projectId: true } });
  return row ?? { id: 0, projectId: 0 };
}

export async function segmentOfUuid(uuid: string): Promise<UuidRef> {
  const row = await db.segment.findUnique({ where: { uuid }, select: { id: true, projectId: true } });
  return row ?? { id: 0, projectId: 0 };
}

export async function optionOfUuid(uuid: string): Promise<UuidRef & { featureId: number }> {
  const row = await db.multivariateFeatureOption.findUnique({
    where: { uuid },
    select: { id: true, featureId: true, feature: { select: { projectId: true } } },
  });
  return row
    ? { id: row.id, featureId: row.featureId, projectId: row.feature.projectId }
    : { id: 0, featureId: 0, projectId: 0 };
}

export async function featureStateOfUuid(uuid: string): Promise<{ id: number; environmentId: number }> {
  const row = await db.featureState.findUnique({
    where: { uuid },
    select: { id: true, environmentId: true },
  });
  return row ?? { id: 0, environmentId: 0 };
}
