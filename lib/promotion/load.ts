// What preview and apply both read: the two environments, checked against the project, and
// each feature's snapshot on both sides.
import { ValidationError } from "@/lib/api/errors";
import type { DbOrTx } from "@/lib/db/client";
import { snapshotFeature } from "@/lib/feature-states/feature-snapshot";
import { diffFeature } from "./diff";

export type PromotionEnvironments = {
  projectId: number;
  source_environment: number;
  target_environment: number;
};
type EnvironmentRow = { id: number; name: string; isProtected: boolean };

export async function loadEnvironments(tx: DbOrTx, input: PromotionEnvironments) {
  const rows = await tx.environment.findMany({
    where: { id: { in: [input.source_environment, input.target_environment] }, projectId: input.projectId },
    select: { id: true, name: true, isProtected: true },
  });
  const find = (field: "source_environment" | "target_environment"): EnvironmentRow => {
    const row = rows.find((r) => r.id === input[field]);
    if (!row) throw ValidationError.field(field, "Environment does not exist in project.");
    return row;
  };
  const source = find("source_environment");
  const target = find("target_environment");
  if (source.id === target.id) {
    throw ValidationError.field("target_environment", "Choose an environment other than the source.");
  }
  return { source, target };
}

/** The project's features among `ids`, in the order asked; an id not in it is a 400 on `field`. */
export async function loadFeatures(tx: DbOrTx, projectId: number, ids: number[], field: string) {
  const unique = [...new Set(ids)];
  const rows = await tx.feature.findMany({
    where: { id: { in: unique }, projectId },
    select: { id: true, name: true },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length) {
    throw ValidationError.field(field, `Features ${missing.join(", ")} do not exist in project.`);
  }
  return unique.map((id) => byId.get(id)!);
}

export async function diffBetween(tx: DbOrTx, featureId: number, sourceId: number, targetId: number) {
  const [source, target] = await Promise.all([
    snapshotFeature(tx, { featureId, environmentId: sourceId }),
    snapshotFeature(tx, { featureId, environmentId: targetId }),
  ]);
  return { diff: diffFeature(source, target), source, target };
}
