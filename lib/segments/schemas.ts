import { z } from "zod";
import { pathParams, zId } from "@/lib/api/params";
import { DB_INT_RANGE, isDbInt } from "@/lib/api/query-int";
import { ZSizedPageQuery } from "@/lib/api/pagination";
import { OPERATORS, RULE_TYPES } from "@/lib/engine";
import { checkCondition, SEGMENT_RULES_MAX_DEPTH } from "./conditions";
import { pythonStr } from "./python-str";
import { LIMITS } from "@/lib/limits/limits";

// Flagsmith's limits (SEGMENT_RULES_MAX_DEPTH, SEGMENT_RULES_CONDITIONS_LIMIT).
export { SEGMENT_RULES_MAX_DEPTH };
export const SEGMENT_CONDITIONS_LIMIT = LIMITS.conditionsPerSegment;
export const DEPTH_MESSAGE = `Rules must not be nested more than ${SEGMENT_RULES_MAX_DEPTH} levels deep.`;

const zConditionValue = z
  .union([z.string().max(1000), z.number(), z.boolean()], {
    error: (issue) => (issue.input === undefined ? "This field is required." : "Not a valid string."),
  })
  .nullable()
  .transform((v) => (v === null ? null : pythonStr(v)))
  .describe("Value to compare the trait with; numbers and booleans are stored as Python prints them");

const ZConditionInput = z
  .object({
    id: z.int().optional().describe("Ignored: a write replaces every condition"),
    property: z
      .string()
      .max(1000)
      .nullable()
      .optional()
      .describe("Trait key, or a JSONPath such as $.identity.identifier"),
    operator: z.enum(OPERATORS).describe("Comparison operator"),
    value: zConditionValue.optional(),
    description: z.string().max(1000).nullable().optional().describe("Free text shown in the dashboard"),
    delete: z.boolean().optional().describe("Legacy: true drops this condition"),
  })
  .superRefine(checkCondition);

const ruleFields = {
  id: z.int().optional().describe("Ignored: a write replaces the whole rule tree"),
  type: z.enum(RULE_TYPES).describe("ALL (every part matches), ANY (one matches) or NONE (none matches)"),
  conditions: z.array(ZConditionInput).optional().describe("Conditions on traits"),
  delete: z.boolean().optional().describe("Legacy: true drops this rule"),
};

const ZNestedRuleInput = z.object({
  ...ruleFields,
  // Anything deeper has already been refused by the depth check.
  rules: z.array(z.unknown()).optional().describe("Must be empty: rules nest two levels at most"),
});

export const ZRuleInput = z.object({
  ...ruleFields,
  rules: z.array(ZNestedRuleInput).optional().describe("Nested rules (one level)"),
});

export type TConditionInput = z.infer<typeof ZConditionInput>;
export type TNestedRuleInput = z.infer<typeof ZNestedRuleInput>;
export type TRuleInput = z.infer<typeof ZRuleInput>;

function childRules(rule: unknown): unknown[] {
  const rules = (rule as { rules?: unknown } | null)?.rules;
  return Array.isArray(rules) ? rules : [];
}

/** Flagsmith checks nesting before any field, so a too-deep tree answers only that. */
function rulesTooDeep(rules: unknown[], depth = 1): boolean {
  return rules.some((rule) => {
    const children = childRules(rule);
    if (children.length && depth >= SEGMENT_RULES_MAX_DEPTH) return true;
    return rulesTooDeep(children, depth + 1);
  });
}

function countConditions(rules: TRuleInput[] | TNestedRuleInput[]): number {
  return rules.reduce((sum: number, rule: TRuleInput | TNestedRuleInput) => {
    const nested = Array.isArray(rule.rules) ? countConditions(rule.rules as TNestedRuleInput[]) : 0;
    return sum + (rule.conditions?.length ?? 0) + nested;
  }, 0);
}

function withRuleLimits<S extends z.ZodType<{ rules?: TRuleInput[] }>>(schema: S) {
  return z
    .unknown()
    .superRefine((body, ctx) => {
      const rules = (body as { rules?: unknown } | null)?.rules;
      if (Array.isArray(rules) && rulesTooDeep(rules)) {
        ctx.addIssue({ code: "custom", path: ["segment"], message: DEPTH_MESSAGE });
      }
    })
    .pipe(schema)
    .superRefine((body, ctx) => {
      const count = body.rules ? countConditions(body.rules) : 0;
      if (count > SEGMENT_CONDITIONS_LIMIT) {
        ctx.addIssue({
          code: "custom",
          path: ["segment"],
          message: `The segment has ${count} conditions, which exceeds the maximum condition count of ${SEGMENT_CONDITIONS_LIMIT}.`,
        });
      }
    });
}

const segmentFields = {
  name: z.string().trim().min(1).max(2000).describe("Segment name"),
  description: z.string().max(20000).nullable().optional().describe("Free text"),
  project: z.int().optional().describe("If given, must be the project of the path"),
  feature: z
    .int()
    .nullable()
    .optional()
    .describe("Null for a general segment; a feature id makes it feature-specific"),
  rules: z.array(ZRuleInput).min(1).describe("Top-level rules; all of them must match"),
  metadata: z.array(z.unknown()).optional().describe("Accepted and ignored"),
};

const ZSegmentObject = z.object(segmentFields);
const ZSegmentPatchObject = z.object({
  ...segmentFields,
  name: segmentFields.name.optional(),
  rules: segmentFields.rules.optional(),
});

export const ZSegmentCreate = withRuleLimits(ZSegmentObject);
export type TSegmentCreate = z.infer<typeof ZSegmentObject>;
/** PUT: the whole segment. */
export const ZSegmentUpdate = ZSegmentCreate;
/** PATCH: any subset; rules, when sent, replace the whole tree. */
export const ZSegmentPatch = withRuleLimits(ZSegmentPatchObject);
export type TSegmentPatch = z.infer<typeof ZSegmentPatchObject>;

export const ZSegmentListQuery = ZSizedPageQuery.extend({
  q: z.string().optional().describe("Case-insensitive search in segment names"),
  include_feature_specific: z
    .enum(["true", "false", "True", "False", "1", "0"])
    .optional()
    .describe("false hides feature-specific segments"),
});
export type TSegmentListQuery = z.infer<typeof ZSegmentListQuery>;

export const ZProjectSegmentsParams = pathParams({ projectId: zId });
export const ZSegmentParams = pathParams({ projectId: zId, segmentId: zId });

const zQueryInt = z
  .string()
  .regex(/^-?\d{1,10}$/, { error: "A valid integer is required." })
  .transform(Number)
  .refine(isDbInt, DB_INT_RANGE);

export const ZAssociatedFeaturesQuery = ZSizedPageQuery.extend({
  environment: zQueryInt.optional().describe("Only the overrides in this environment (id)"),
});
export type TAssociatedFeaturesQuery = z.infer<typeof ZAssociatedFeaturesQuery>;

export const ZIdentityCountQuery = z.object({
  environment: z
    .string({ error: "This field is required." })
    .min(1, { error: "This field is required." })
    .max(100)
    .describe("The environment whose identities are counted: its id or its client API key"),
});
export type TIdentityCountQuery = z.infer<typeof ZIdentityCountQuery>;

export const ZSegmentVersionListQuery = ZSizedPageQuery;
export type TSegmentVersionListQuery = z.infer<typeof ZSegmentVersionListQuery>;
export const ZSegmentVersionParams = pathParams({ projectId: zId, segmentId: zId, segmentVersionId: zId });
