// The audit entry of a feature: its own fields, its options' values and shares, its tags and
// owners, as one comparable record. Every service that changes a feature records it this way.
import type { requireFeature } from "./access";

export type AuditedFeature = Awaited<ReturnType<typeof requireFeature>>["feature"];

/** A feature's audit entry compares its own fields and its options' values and shares. */
export function featureEntry(before: AuditedFeature | null, after: AuditedFeature | null, log: string) {
  const fields = (feature: AuditedFeature | null) => {
    if (!feature) return null;
    const { multivariateOptions, tags, owners, groupOwners, ...row } = feature;
    const options = multivariateOptions.map((o) => ({
      id: o.id,
      key: o.key,
      type: o.valueType,
      value: o.value,
      default_percentage_allocation: o.defaultPercentageAllocation,
    }));
    return {
      ...row,
      multivariateOptions: options,
      tags: tags.map((t) => t.tagId),
      owners: owners.map((o) => o.user.id),
      groupOwners: groupOwners.map((o) => o.group.id),
    };
  };
  const feature = (after ?? before) as AuditedFeature;
  return {
    type: "FEATURE" as const,
    before: fields(before),
    after: fields(after),
    log,
    object: feature,
    scope: { projectId: feature.projectId },
  };
}
