import { z } from "zod";
import { paged, zBool, zDateTime, zInt, zText, zUuid } from "@/lib/api/response-schemas";
import { ZFeatureValueObject, ZMultivariateStateValue } from "@/lib/features/state-responses";

export const ZFeatureSegment = z
  .strictObject({
    id: zInt("Numeric id of the feature segment."),
    uuid: zUuid("UUID of the feature segment."),
    feature: zInt("Id of the feature."),
    segment: zInt("Id of the segment."),
    environment: zInt("Id of the environment."),
    priority: zInt("Evaluation order among the feature's segment overrides; 0 first."),
  })
  .meta({ id: "FeatureSegment", description: "Links a feature, a segment and an environment." });

export const ZFeatureSegmentListItem = z
  .strictObject({
    id: zInt("Numeric id of the feature segment."),
    uuid: zUuid("UUID of the feature segment."),
    segment: zInt("Id of the segment."),
    priority: zInt("Evaluation order among the feature's segment overrides; 0 first."),
    environment: zInt("Id of the environment."),
    segment_name: zText("Name of the segment."),
    is_feature_specific: zBool("Whether the segment belongs to one feature."),
  })
  .meta({ id: "FeatureSegmentListItem", description: "A feature segment with its segment's name." });

export const ZFeatureSegmentPage = paged(ZFeatureSegmentListItem, "FeatureSegmentPage", "feature segments");

export const ZFeatureSegmentList = z
  .array(ZFeatureSegmentListItem)
  .meta({ description: "The reordered feature segments." });

export const ZSegmentOverride = z
  .strictObject({
    id: zInt("Numeric id of the feature state."),
    feature: zInt("Id of the feature."),
    enabled: zBool("Whether the feature is on for the segment."),
    feature_state_value: ZFeatureValueObject,
    feature_segment: z
      .strictObject({
        id: zInt("Numeric id of the feature segment."),
        segment: zInt("Id of the segment."),
        priority: zInt("Evaluation order; 0 first."),
        uuid: zUuid("UUID of the feature segment."),
      })
      .meta({ description: "The feature segment created with the override." }),
    deleted_at: z.null().meta({ description: "Always null." }),
    uuid: zUuid("UUID of the feature state."),
    created_at: zDateTime("When the override was created."),
    updated_at: zDateTime("When the override last changed."),
    live_from: zDateTime("Since when the override applies (its creation)."),
    environment: zInt("Id of the environment."),
    identity: z.null().meta({ description: "Always null for a segment override." }),
    change_request: z.null().meta({ description: "Always null: change requests are not supported." }),
    multivariate_feature_state_values: z
      .array(ZMultivariateStateValue)
      .meta({ description: "Shares of the feature's multivariate options for the segment." }),
  })
  .meta({ id: "SegmentOverride", description: "A segment override with its feature segment." });
