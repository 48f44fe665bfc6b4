// Request schemas of change requests: Flagsmith's create body (title, description, approvals,
// group_assignments, feature_states, ignore_conflicts) and Ensign's review actions.
import { z } from "zod";
import { ZSizedPageQuery } from "@/lib/api/pagination";
import { pathParams, zId } from "@/lib/api/params";
import { DB_INT_RANGE, isDbInt } from "@/lib/api/query-int";
import { ZAllocations } from "@/lib/feature-states/allocations";
import { zFeatureStateValue } from "@/lib/overrides/values";
import { ZRuleInput } from "@/lib/segments/schemas";

export const MAX_PROPOSED_STATES = 100;
export const MAX_ASSIGNEES = 50;
export const MAX_COMMENT_LENGTH = 5000;

const zDateTimeInput = z.iso.datetime({ offset: true });

/** One proposed feature state: the environment default (no feature_segment) or a segment override. */
export const ZProposedFeatureState = z.object({
  feature: z.int().describe("Feature id"),
  feature_segment: z
    .int()
    .nullable()
    .optional()
    .describe("Feature segment id of an existing segment override; null for the environment default"),
  enabled: z.boolean().optional().describe("On/off; the live state's when absent"),
  feature_state_value: zFeatureStateValue.optional(),
  multivariate_feature_state_values: ZAllocations.max(100).optional(),
  live_from: zDateTimeInput
    .nullable()
    .optional()
    .describe("When the change goes live once committed; the earliest of the request's states counts"),
});
export type TProposedFeatureState = z.infer<typeof ZProposedFeatureState>;

const assignment = {
  approvals: z
    .array(z.object({ user: z.int().describe("User id of an assigned reviewer") }))
    .max(MAX_ASSIGNEES)
    .optional()
    .describe("Assigned reviewers; when any (or groups) are named, only they may approve"),
  group_assignments: z
    .array(z.object({ group: z.int().describe("Group id") }))
    .max(MAX_ASSIGNEES)
    .optional()
    .describe("Assigned groups: their members may approve"),
};

const common = {
  title: z.string().trim().min(1).max(500).describe("Title"),
  description: z.string().max(20000).nullable().optional().describe("Free text"),
  ignore_conflicts: z.boolean().optional().describe("Commit even if the live state changed since"),
  ...assignment,
};

const featureStates = z
  .array(ZProposedFeatureState)
  .min(1)
  .max(MAX_PROPOSED_STATES)
  .describe("The proposed feature states");

export const ZChangeRequestCreate = z.object({ ...common, feature_states: featureStates });
export type TChangeRequestCreate = z.infer<typeof ZChangeRequestCreate>;

/** PUT and PATCH: fields sent change; changing what the request would do drops its approvals. */
export const ZChangeRequestUpdate = z.object({
  ...common,
  title: common.title.optional(),
  feature_states: featureStates.optional(),
});
export type TChangeRequestUpdate = z.infer<typeof ZChangeRequestUpdate>;

/** One proposed segment: new rules (and optionally name and description) of an existing segment. */
export const ZProposedSegment = z.object({
  id: z.int().optional().describe("Id of the segment to change (or give version_of)"),
  version_of: z.int().optional().describe("Id of the segment to change, as Flagsmith's dashboard sends it"),
  name: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .optional()
    .describe("The segment's new name; its live one when absent"),
  description: z
    .string()
    .max(20000)
    .nullable()
    .optional()
    .describe("The segment's new description; its live one when absent"),
  rules: z.array(ZRuleInput).min(1).max(100).describe("The segment's new rules; they replace the live ones"),
});
export type TProposedSegment = z.infer<typeof ZProposedSegment>;

const segments = z.array(ZProposedSegment).min(1).max(20).describe("The proposed segments");

export const ZProjectChangeRequestCreate = z.object({ ...common, segments });
export type TProjectChangeRequestCreate = z.infer<typeof ZProjectChangeRequestCreate>;

export const ZProjectChangeRequestUpdate = z.object({
  ...common,
  title: common.title.optional(),
  segments: segments.optional(),
});
export type TProjectChangeRequestUpdate = z.infer<typeof ZProjectChangeRequestUpdate>;

export const ZChangeRequestCommit = z
  .object({
    ignore_conflicts: z.boolean().optional().describe("Commit even if the live state changed since"),
    bypass: z
      .boolean()
      .optional()
      .describe("Break-glass: an organisation admin commits without the approvals (audited)"),
    reason: z.string().trim().min(1).max(MAX_COMMENT_LENGTH).optional().describe("Required with bypass"),
  })
  .refine((b) => !b.bypass || b.reason !== undefined, {
    message: "A reason is required to bypass the approvals.",
    path: ["reason"],
  });
export type TChangeRequestCommit = z.infer<typeof ZChangeRequestCommit>;

export const ZChangeRequestComment = z.object({
  comment: z.string().trim().min(1).max(MAX_COMMENT_LENGTH).describe("The comment"),
});
export type TChangeRequestComment = z.infer<typeof ZChangeRequestComment>;

const zQueryInt = () =>
  z
    .string()
    .regex(/^\d{1,10}$/, { error: "A valid integer is required." })
    .transform(Number)
    .refine(isDbInt, DB_INT_RANGE);

const zQueryBool = z
  .enum(["true", "false", "True", "False", "1", "0"])
  .transform((v) => v === "true" || v === "True" || v === "1");

export const ZChangeRequestListQuery = ZSizedPageQuery.extend({
  committed: zQueryBool.optional().describe("Only committed (true) or open (false) requests"),
  search: z.string().min(1).max(500).optional().describe("Text in the title (case-insensitive)"),
  feature_id: zQueryInt().optional().describe("Only requests that change this feature"),
  segment_id: zQueryInt().optional().describe("Only requests that change this segment (project requests)"),
});
export type TChangeRequestListQuery = z.infer<typeof ZChangeRequestListQuery>;

export const ZEnvironmentChangeRequestsParams = pathParams({ apiKey: z.string().min(1).max(100) });
export const ZChangeRequestParams = pathParams({ changeRequestId: zId });
export const ZProjectChangeRequestsParams = pathParams({ projectId: zId });
export const ZProjectChangeRequestParams = pathParams({ projectId: zId, projectChangeRequestId: zId });

const zExamples = z
  .string()
  .regex(/^(?:10|\d)$/, { error: "Ensure this value is an integer from 0 to 10." })
  .transform(Number)
  .optional()
  .describe("Examples kept per kind of change (default 3, at most 10)");

export const ZChangeRequestImpactQuery = z.object({ examples: zExamples });
export type TChangeRequestImpactQuery = z.infer<typeof ZChangeRequestImpactQuery>;

export const ZProjectChangeRequestImpactQuery = z.object({
  examples: zExamples,
  environment: z
    .string({ error: "This field is required." })
    .min(1, { error: "This field is required." })
    .max(100)
    .describe(
      "The environment (of the project) whose identities are evaluated: its id or its client API key",
    ),
});
export type TProjectChangeRequestImpactQuery = z.infer<typeof ZProjectChangeRequestImpactQuery>;
