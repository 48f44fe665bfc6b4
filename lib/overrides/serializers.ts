// Feature segments as Flagsmith shows them: the create serializer's fields on POST, the
// list serializer's (with the segment's name) everywhere else.
import {
  serializeFeatureStateValueObject,
  serializeMultivariateStateValue,
  type FeatureStateRow,
} from "@/lib/features/serializers";
import type { z } from "zod";
import type { ZFeatureSegment, ZFeatureSegmentListItem, ZSegmentOverride } from "@/lib/overrides/responses";

type FeatureSegmentRow = {
  id: number;
  uuid: string;
  featureId: number;
  segmentId: number;
  environmentId: number;
  priority: number;
};

type FeatureSegmentWithSegment = FeatureSegmentRow & {
  segment: { name: string; featureId: number | null };
};

export function serializeFeatureSegment(row: FeatureSegmentRow): z.infer<typeof ZFeatureSegment> {
  return {
    id: row.id,
    uuid: row.uuid,
    feature: row.featureId,
    segment: row.segmentId,
    environment: row.environmentId,
    priority: row.priority,
  };
}

export function serializeFeatureSegmentListItem(
  row: FeatureSegmentWithSegment,
): z.infer<typeof ZFeatureSegmentListItem> {
  return {
    id: row.id,
    uuid: row.uuid,
    segment: row.segmentId,
    priority: row.priority,
    environment: row.environmentId,
    segment_name: row.segment.name,
    is_feature_specific: row.segment.featureId !== null,
  };
}

/** The create-segment-override shortcut's answer: the state with its feature segment nested. */
export function serializeSegmentOverride(
  state: FeatureStateRow,
  featureSegment: FeatureSegmentRow,
): z.infer<typeof ZSegmentOverride> {
  return {
    id: state.id,
    feature: state.featureId,
    enabled: state.enabled,
    feature_state_value: serializeFeatureStateValueObject(state),
    feature_segment: {
      id: featureSegment.id,
      segment: featureSegment.segmentId,
      priority: featureSegment.priority,
      uuid: featureSegment.uuid,
    },
    deleted_at: null,
    uuid: state.uuid,
    created_at: state.createdAt.toISOString(),
    updated_at: state.updatedAt.toISOString(),
    live_from: state.createdAt.toISOString(),
    environment: state.environmentId,
    identity: null,
    change_request: null,
    multivariate_feature_state_values: (state.multivariateValues ?? [])
      .slice()
      .sort((a, b) => a.id - b.id)
      .map(serializeMultivariateStateValue),
  };
}
