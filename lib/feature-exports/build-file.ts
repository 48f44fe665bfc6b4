// Reads an environment's features into the export file (./file-format.ts): the environment
// defaults in Flagsmith's fields, and the `ensign` extension (tags, owners, segment overrides).
// Archived features are left out, as Flagsmith's exporter leaves them out.
import type { Tx } from "@/lib/db/client";
import { segmentInclude, serializeRule } from "@/lib/segments/rules";
import { readValue, type StoredValue } from "@/lib/values";
import { ENVIRONMENT_SCOPE } from "@/lib/feature-states/scope";
import { EXTENSION_VERSION, type ExportedFeature } from "./file-format";

const typeOf = (stored: StoredValue) =>
  ["int", "bool"].includes(stored.valueType) ? stored.valueType : "unicode";

export async function buildFeatureFile(
  tx: Tx,
  environment: { id: number; projectId: number },
  tagIds: number[],
): Promise<ExportedFeature[]> {
  const features = await tx.feature.findMany({
    where: {
      projectId: environment.projectId,
      isArchived: false,
      ...(tagIds.length ? { tags: { some: { tagId: { in: tagIds } } } } : {}),
    },
    orderBy: { id: "asc" },
    include: {
      tags: { include: { tag: true }, orderBy: { tagId: "asc" } },
      owners: { include: { user: { select: { email: true } } }, orderBy: { userId: "asc" } },
      states: {
        where: { environmentId: environment.id, identityId: null },
        include: {
          multivariateValues: { include: { option: true }, orderBy: { optionId: "asc" } },
          featureSegment: { include: { segment: { include: segmentInclude } } },
        },
      },
    },
  });
  return features.flatMap((feature) => {
    const state = feature.states.find((s) => s.scope === ENVIRONMENT_SCOPE);
    if (!state) return [];
    const overrides = feature.states
      .filter((s) => s.featureSegment)
      .sort((a, b) => a.featureSegment!.priority - b.featureSegment!.priority);
    return [
      {
        name: feature.name,
        default_enabled: feature.defaultEnabled,
        is_server_key_only: feature.isServerKeyOnly,
        initial_value: feature.initialValue,
        value: readValue(state),
        type: typeOf(state),
        enabled: state.enabled,
        multivariate: state.multivariateValues.map((mv) => ({
          percentage_allocation: mv.percentageAllocation,
          default_percentage_allocation: mv.option.defaultPercentageAllocation,
          value: readValue(mv.option),
          type: typeOf(mv.option),
        })),
        ensign: {
          version: EXTENSION_VERSION,
          description: feature.description,
          tags: feature.tags.map(({ tag }) => ({
            label: tag.label,
            color: tag.color,
            description: tag.description,
          })),
          owners: feature.owners.map((o) => o.user.email),
          segment_overrides: overrides.map((o) => {
            const segment = o.featureSegment!.segment;
            return {
              segment: {
                name: segment.name,
                description: segment.description,
                rules: segment.rules.map(serializeRule),
              },
              priority: o.featureSegment!.priority,
              enabled: o.enabled,
              value: readValue(o),
              type: typeOf(o),
              multivariate: o.multivariateValues.map((mv) => ({
                percentage_allocation: mv.percentageAllocation,
                value: readValue(mv.option),
                type: typeOf(mv.option),
              })),
            };
          }),
        },
      },
    ];
  });
}
