// Promotion between environments in the dashboard: the preview and apply endpoints, their
// answers' types (inferred from the API's response schemas) and how a part reads.
import type { z } from "zod";
import type { ZPromotionPreviewResult, ZPromotionPartOut } from "@/lib/promotion/responses";
import { api } from "./api-client";
import { optionValue } from "./variations";
import { valueToText } from "./values";
import type { Feature, FlagValue } from "./types";

export type PromotionPreview = z.infer<typeof ZPromotionPreviewResult>;
export type FeatureDiff = PromotionPreview["features"][number];
export type OverrideDiff = FeatureDiff["segment_overrides"][number];
export type PromotionPart = z.infer<typeof ZPromotionPartOut>;
type Weights = { multivariate_feature_option: number; percentage_allocation: number }[];
type StateLike = {
  enabled: boolean;
  feature_state_value: FlagValue;
  multivariate_feature_state_values: Weights;
};

export const promotionUrls = {
  preview: (project: number) => `/api/v1/projects/${project}/promotions/preview/`,
  apply: (project: number) => `/api/v1/projects/${project}/promotions/`,
};

/** SWR key of the diffs of the features `ids` from `source` to each of `targets` (environment ids). */
export const overrideDiffsKey = (source: number, targets: number[], ids: number[]) =>
  ids.length && targets.length ? `promotion#${source}>${targets.join(",")}#${ids.join(",")}` : null;

export const partKey = (part: PromotionPart) =>
  part.part === "segment_override"
    ? `${part.feature}:segment:${part.segment}`
    : `${part.feature}:${part.part}`;

const onOff = (enabled: boolean) => (enabled ? "On" : "Off");
const quoted = (value: FlagValue) =>
  value === null || value === "" ? "no value" : typeof value === "string" ? `"${value}"` : valueToText(value);

/** "a 30%, b 20%" with the options' values; "none" when no option has a share. */
export function weightsText(weights: Weights, feature?: Pick<Feature, "multivariate_options">): string {
  const shown = weights.filter((w) => w.percentage_allocation > 0);
  if (!shown.length) return "no variations";
  return shown
    .map((w) => {
      const option = feature?.multivariate_options?.find((o) => o.id === w.multivariate_feature_option);
      const name = option ? quoted(optionValue(option)) : `option ${w.multivariate_feature_option}`;
      return `${name} ${w.percentage_allocation}%`;
    })
    .join(", ");
}

/** One line for a state: "On "v2" (variations "a" 30%)". */
export function stateText(state: StateLike, feature?: Pick<Feature, "multivariate_options">): string {
  const weights = state.multivariate_feature_state_values.some((w) => w.percentage_allocation > 0)
    ? ` (${weightsText(state.multivariate_feature_state_values, feature)})`
    : "";
  return `${onOff(state.enabled)} ${quoted(state.feature_state_value)}${weights}`;
}

/** What one part changes, in words: its label and "before → after". */
export function describePart(
  diff: FeatureDiff,
  part: PromotionPart,
  feature?: Pick<Feature, "multivariate_options">,
): { label: string; change: string } {
  if (part.part === "segment_override") {
    const o = diff.segment_overrides.find((x) => x.segment === part.segment);
    if (!o) return { label: `Segment override`, change: "" };
    const label = `Segment override “${o.segment_name}”`;
    if (o.status === "added")
      return { label, change: `added at rank ${o.source!.priority + 1}: ${stateText(o.source!, feature)}` };
    if (o.status === "removed") return { label, change: `removed (${stateText(o.target!, feature)})` };
    const rank =
      o.target!.priority !== o.source!.priority
        ? `rank ${o.target!.priority + 1} → ${o.source!.priority + 1}; `
        : "";
    return { label, change: `${rank}${stateText(o.target!, feature)} → ${stateText(o.source!, feature)}` };
  }
  const { source, target } = diff.environment_default;
  if (!source || !target) return { label: part.part, change: "" };
  if (part.part === "enabled")
    return { label: "Enabled", change: `${onOff(target.enabled)} → ${onOff(source.enabled)}` };
  if (part.part === "value")
    return {
      label: "Value",
      change: `${quoted(target.feature_state_value)} → ${quoted(source.feature_state_value)}`,
    };
  return {
    label: "Variation weights",
    change: `${weightsText(target.multivariate_feature_state_values, feature)} → ${weightsText(source.multivariate_feature_state_values, feature)}`,
  };
}

/** "2 overrides differ" style summary of a feature's overrides in a diff; null when equal. */
export function overridesSummary(diff: FeatureDiff | undefined): string | null {
  if (!diff) return null;
  const differing = diff.segment_overrides.filter((o) => o.status !== "unchanged").length;
  return differing
    ? `${differing} segment override${differing === 1 ? "" : "s"} differ${differing === 1 ? "s" : ""}`
    : null;
}

const PREVIEW_CHUNK = 100;

/**
 * The diffs of `features` from `source` to each of `targets`, by target then feature id:
 * what the compare page shows of weights and segment overrides (the preview endpoint takes
 * up to 100 features a request).
 */
export async function fetchOverrideDiffs(
  project: number,
  source: number,
  targets: number[],
  features: number[],
): Promise<Map<number, FeatureDiff>[]> {
  const chunks: number[][] = [];
  for (let i = 0; i < features.length; i += PREVIEW_CHUNK) chunks.push(features.slice(i, i + PREVIEW_CHUNK));
  return Promise.all(
    targets.map(async (target) => {
      const answers = await Promise.all(
        chunks.map((chunk) =>
          api.post<PromotionPreview>(promotionUrls.preview(project), {
            source_environment: source,
            target_environment: target,
            features: chunk,
          }),
        ),
      );
      return new Map(answers.flatMap((a) => a.features.map((f) => [f.id, f] as const)));
    }),
  );
}
