import { z } from "zod";
import { pathParams, zId } from "@/lib/api/params";
import { DB_INT_MAX, DB_INT_MIN } from "@/lib/api/query-int";

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
