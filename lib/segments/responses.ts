import { z } from "zod";
import { OPERATORS, RULE_TYPES } from "@/lib/engine";
import { paged, zDateTime, zInt, zText, zUuid } from "@/lib/api/response-schemas";

export const ZSegmentCondition = z
  .strictObject({
    id: zInt("Numeric id of the condition."),
    operator: z.enum(OPERATORS).meta({ description: "Comparison operator." }),
    property: z
      .string()
      .nullable()
      .meta({ description: "Trait key or JSONPath compared; null for a percentage split on the identity." }),
    value: z
      .string()
      .nullable()
      .meta({ description: "Value compared with, always as a string; null if none." }),
    description: z.string().nullable().meta({ description: "Free text; null if none." }),
  })
  .meta({ id: "SegmentCondition", description: "A condition on a trait." });

type Rule = {
  id: number;
  type: (typeof RULE_TYPES)[number];
  rules: Rule[];
  conditions: z.infer<typeof ZSegmentCondition>[];
};

export const ZSegmentRule: z.ZodType<Rule> = z
  .lazy(() =>
    z.strictObject({
      id: zInt("Numeric id of the rule."),
      type: z
        .enum(RULE_TYPES)
        .meta({ description: "ALL: every part matches; ANY: at least one matches; NONE: none matches." }),
      rules: z.array(ZSegmentRule).meta({ description: "Nested rules (segment → rules → rules at most)." }),
      conditions: z.array(ZSegmentCondition).meta({ description: "Conditions of this rule, in order." }),
    }),
  )
  .meta({ id: "SegmentRule", description: "A rule: nested rules and conditions combined by its type." });

export const ZSegment = z
  .strictObject({
    id: zInt("Numeric id of the segment."),
    uuid: zUuid("UUID of the segment."),
    created_at: zDateTime("When the segment was created."),
    updated_at: zDateTime("When the segment last changed."),
    name: zText("Name of the segment."),
    description: z.string().nullable().meta({ description: "Free text; null if none." }),
    project: zInt("Id of the project."),
    feature: z
      .int()
      .nullable()
      .meta({ description: "Id of the feature of a feature-specific segment; null for a general segment." }),
    version_of: zInt("The segment's own id: segment revisions are not kept."),
    rules: z.array(ZSegmentRule).meta({ description: "Top-level rules; all of them must match." }),
    metadata: z.array(z.unknown()).max(0).meta({ description: "Always empty: metadata is not supported." }),
    membership_counts: z
      .array(z.unknown())
      .max(0)
      .meta({ description: "Always empty: memberships are not counted." }),
    managed_by: z.literal("").meta({ description: "Always empty." }),
  })
  .meta({ id: "Segment", description: "A segment of a project." });

export const ZSegmentPage = paged(ZSegment, "SegmentPage", "segments");

export const ZSegmentAssociatedFeature = z
  .strictObject({
    id: zInt("Id of the segment override (feature state)."),
    feature: zInt("Id of the overridden feature."),
    environment: zInt("Id of the environment of the override."),
  })
  .meta({
    id: "SegmentAssociatedFeature",
    description: "A feature the segment overrides in one environment.",
  });

export const ZSegmentAssociatedFeaturePage = paged(
  ZSegmentAssociatedFeature,
  "SegmentAssociatedFeaturePage",
  "segment overrides",
);

export const ZSegmentIdentityCount = z
  .strictObject({
    segment: zInt("Id of the segment."),
    environment: zInt("Id of the environment counted."),
    count: zInt("Identities the segment matches among those scanned."),
    identities_scanned: zInt("Identities evaluated: all of the environment's, or `scan_limit` of them."),
    is_complete: z.boolean().meta({
      description: "false: the environment has more than `scan_limit` identities; `count` is a lower bound.",
    }),
    scan_limit: zInt("Most identities evaluated per request (ENSIGN_SEGMENT_COUNT_SCAN_LIMIT)."),
  })
  .meta({
    id: "SegmentIdentityCount",
    description: "How many stored identities of an environment a segment matches.",
  });

type InputRule = {
  type: (typeof RULE_TYPES)[number];
  rules?: InputRule[];
  conditions?: {
    operator: string;
    property?: string | null;
    value?: string | null;
    description?: string | null;
  }[];
};

const ZVersionRule: z.ZodType<InputRule> = z
  .lazy(() =>
    z.object({
      type: z.enum(RULE_TYPES).meta({ description: "ALL, ANY or NONE." }),
      rules: z.array(ZVersionRule).optional().meta({ description: "Nested rules." }),
      conditions: z
        .array(
          z.object({
            operator: z.string().meta({ description: "Comparison operator." }),
            property: z.string().nullable().optional().meta({ description: "Trait key or JSONPath." }),
            value: z.string().nullable().optional().meta({ description: "Value compared with." }),
            description: z.string().nullable().optional().meta({ description: "Free text." }),
          }),
        )
        .optional()
        .meta({ description: "Conditions, in order." }),
    }),
  )
  .meta({
    id: "SegmentVersionRule",
    description: "A rule as kept in a version: the shape PUT takes, without ids.",
  });

export const ZSegmentVersion = z
  .strictObject({
    id: zInt("Id of the version."),
    segment: zInt("Id of the segment."),
    version: zInt("1, 2, … per segment, in the order kept."),
    name: zText("The segment's name at the time."),
    description: z.string().nullable().meta({ description: "The segment's description at the time." }),
    rules: z.array(ZVersionRule).meta({ description: "The segment's rules at the time." }),
    reason: z.enum(["UPDATED", "RESTORED", "CHANGE_REQUEST"]).meta({
      description: "What replaced these rules: an update, a restore or a committed change request.",
    }),
    created_at: zDateTime("When these rules were replaced."),
    author: z
      .strictObject({ id: zInt("Id of the user."), email: zText("Email of the user.") })
      .nullable()
      .meta({ description: "Who replaced them; null for server changes or a deleted user." }),
  })
  .meta({ id: "SegmentVersion", description: "A segment as it was before a change of its rules (Ensign)." });

export const ZSegmentVersionPage = paged(ZSegmentVersion, "SegmentVersionPage", "segment versions");
