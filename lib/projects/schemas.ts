import { z } from "zod";
import { pathParams, zId } from "@/lib/api/params";
import { DB_INT_MAX, DB_INT_MIN } from "@/lib/api/query-int";
import { FEATURE_NAME_REGEX_MAX, featureNamePatternError } from "./feature-name-pattern";

const settings = {
  hide_disabled_flags: z.boolean().optional(),
  enable_realtime_updates: z.boolean().optional(),
  prevent_flag_defaults: z.boolean().optional(),
  stale_flags_limit_days: z
    .int()
    .min(1)
    .max(3650)
    .optional()
    .describe("Days without a change after which a feature counts as stale (1-3650, default 30)"),
  minimum_change_request_approvals: z
    .int()
    .min(0)
    .max(100)
    .nullable()
    .optional()
    .describe("Approvals a segment change request needs (0-100); null turns segment change requests off"),
  feature_name_regex: z
    .string()
    .max(FEATURE_NAME_REGEX_MAX)
    .nullable()
    .optional()
    .superRefine((pattern, ctx) => {
      const problem =
        pattern && pattern.length <= FEATURE_NAME_REGEX_MAX ? featureNamePatternError(pattern) : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .describe(
      "A regular expression (Python syntax, at most 255 characters) every new feature name must match whole; null or empty: any name",
    ),
};

export const ZProjectCreate = z.object({
  name: z.string().trim().min(1).max(2000),
  organisation: z.int(),
  ...settings,
});
export type TProjectCreate = z.infer<typeof ZProjectCreate>;

export const ZProjectUpdate = z.object({ name: z.string().trim().min(1).max(2000).optional(), ...settings });
export type TProjectUpdate = z.infer<typeof ZProjectUpdate>;

export const ZProjectListQuery = z.object({
  organisation: z.coerce.number().int().min(DB_INT_MIN).max(DB_INT_MAX).optional(),
});

export const ZProjectParams = pathParams({ projectId: zId });
