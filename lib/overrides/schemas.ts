import { z } from "zod";
import { ZAllocations } from "@/lib/feature-states/allocations";
import { ZPageQuery } from "@/lib/api/pagination";
import { pathParams, zId } from "@/lib/api/params";
import { DB_INT_RANGE, isDbInt } from "@/lib/api/query-int";
import { zFeatureStateValue, zFeatureStateValueObject } from "./values";

/** An integer query parameter, with DRF's IntegerField messages. */
const zQueryInt = () =>
  z
    .string()
    .regex(/^\d{1,10}$/, { error: "A valid integer is required." })
    .transform(Number)
    .refine(isDbInt, DB_INT_RANGE);

// Feature segments ------------------------------------------------------------------------

export const ZFeatureSegmentCreate = z.object({
  feature: z.int().describe("Feature id"),
  segment: z.int().describe("Segment id (same project as the feature)"),
  environment: z.int().describe("Environment id (same project as the feature)"),
});
export type TFeatureSegmentCreate = z.infer<typeof ZFeatureSegmentCreate>;

export const ZFeatureSegmentListQuery = ZPageQuery.extend({
  environment: zQueryInt().describe("Environment id"),
  feature: zQueryInt().describe("Feature id"),
});
export type TFeatureSegmentListQuery = z.infer<typeof ZFeatureSegmentListQuery>;

export const ZFeatureSegmentParams = pathParams({ featureSegmentId: zId });

export const ZFeatureSegmentPriority = z.object({
  id: z.int().describe("Feature segment id"),
  priority: z.int().min(0).describe("New priority; 0 is evaluated first"),
});
export type TFeatureSegmentPriority = z.infer<typeof ZFeatureSegmentPriority>;

/**
 * The items are checked one by one in the service: DRF reports a list body's errors as a
 * list (`[{}, {"priority": [...]}]`), which a keyed error object cannot express.
 */
export const ZFeatureSegmentPriorities = z
  .array(z.unknown())
  .describe("New priorities [{id, priority}] of feature segments of one feature in one environment");

// Feature states (segment and identity overrides) -------------------------------------------

const stateFields = {
  feature: z.int().describe("Feature id"),
  environment: z.int().describe("Environment id"),
  enabled: z.boolean().optional().describe("On/off"),
  feature_state_value: zFeatureStateValue.optional(),
  feature_segment: z.int().nullable().optional().describe("Feature segment id: makes a segment override"),
  identity: z.int().nullable().optional().describe("Identity id: makes an identity override"),
  identifier: z.string().min(1).max(2000).optional().describe("Alternative to identity"),
  multivariate_feature_state_values: ZAllocations.optional(),
};

export const ZFeatureStateCreate = z.object(stateFields);
export type TFeatureStateCreate = z.infer<typeof ZFeatureStateCreate>;

/** PUT: feature and environment required (they cannot change); the rest optional. */
export const ZFeatureStateUpdate = z.object(stateFields);
/** PATCH: everything optional. */
export const ZFeatureStatePatch = z.object({
  ...stateFields,
  feature: stateFields.feature.optional(),
  environment: stateFields.environment.optional(),
});
export type TFeatureStatePatch = z.infer<typeof ZFeatureStatePatch>;

export const ZFeatureStateListQuery = ZPageQuery.extend({
  environment: z.string().optional().describe("Environment id (required)"),
  feature: zQueryInt().optional().describe("Feature id"),
  feature_segment: zQueryInt().optional().describe("Feature segment id"),
  identity: zQueryInt().optional().describe("Identity id"),
});
export type TFeatureStateListQuery = z.infer<typeof ZFeatureStateListQuery>;

export const ZFeatureStateParams = pathParams({ featureStateId: zId });

// create-segment-override shortcut --------------------------------------------------------------

export const ZSegmentOverrideCreate = z.object({
  enabled: z.boolean().optional().describe("On/off"),
  feature_state_value: zFeatureStateValueObject,
  feature_segment: z.object({
    segment: z.int().describe("Segment id"),
    priority: z.int().min(0).nullable().optional().describe("Position; last when absent"),
  }),
  multivariate_feature_state_values: ZAllocations.optional(),
});
export type TSegmentOverrideCreate = z.infer<typeof ZSegmentOverrideCreate>;

export const ZSegmentOverrideParams = pathParams({
  apiKey: z.string().min(1).max(100),
  featureId: zId,
});
