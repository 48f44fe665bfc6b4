// POST /projects/{id}/promotions/preview/: what promoting the features from one environment
// to another would change, part by part, without writing anything.
import { db } from "@/lib/db/client";
import type { FeatureDiff } from "./diff";
import { diffBetween, loadEnvironments, loadFeatures } from "./load";
import type { TPromotionPart, TPromotionPreview } from "./schemas";

/** The parts of a diff that differ, in the apply endpoint's shape. */
export function diffParts(featureId: number, diff: FeatureDiff): TPromotionPart[] {
  return [
    ...diff.environment_default.changes.map((part) => ({ feature: featureId, part })),
    ...diff.segment_overrides
      .filter((o) => o.status !== "unchanged")
      .map((o) => ({ feature: featureId, part: "segment_override" as const, segment: o.segment })),
  ];
}

export async function previewPromotion(projectId: number, input: TPromotionPreview) {
  const { source, target } = await loadEnvironments(db, { projectId, ...input });
  const features = await loadFeatures(db, projectId, input.features, "features");
  const out = [];
  for (const feature of features) {
    const { diff } = await diffBetween(db, feature.id, source.id, target.id);
    out.push({
      id: feature.id,
      name: feature.name,
      differs: diff.differs,
      environment_default: diff.environment_default,
      segment_overrides: diff.segment_overrides,
      parts: diffParts(feature.id, diff),
    });
  }
  return {
    source_environment: source.id,
    target_environment: target.id,
    target_is_protected: target.isProtected,
    features: out,
  };
}
