// Inputs of the audit log endpoints (Flagsmith's AuditLogsQueryParamSerializer, plus a
// date range).
import { z } from "zod";
import { DRF_FALSE_STRINGS, DRF_TRUE_STRINGS } from "@/lib/api/drf-booleans";
import { ZSizedPageQuery } from "@/lib/api/pagination";
import { DB_INT_RANGE, isDbInt } from "@/lib/api/query-int";
import { pathParams, zId } from "@/lib/api/params";

const INVALID_INT = "A valid integer is required.";
const INVALID_DATE =
  "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].";

const zQueryInt = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, { error: INVALID_INT })
  .transform(Number)
  .refine(isDbInt, DB_INT_RANGE);

const zQueryBool = z.string().transform((value, ctx) => {
  if (DRF_TRUE_STRINGS.includes(value)) return true;
  if (DRF_FALSE_STRINGS.includes(value)) return false;
  ctx.addIssue({ code: "custom", input: value, message: "Must be a valid boolean." });
  return z.NEVER;
});

const zQueryDate = z
  .string()
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
    error: INVALID_DATE,
  })
  .transform((value) => new Date(value));

export const ZAuditLogQuery = ZSizedPageQuery.extend({
  project: zQueryInt.optional().describe("Only the entries of this project (numeric id)."),
  environments: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, { error: INVALID_INT })
    .transform((value) => value.split(",").map(Number))
    .refine((ids) => ids.every(isDbInt), DB_INT_RANGE)
    .optional()
    .describe(
      "Only the entries of these environments: numeric ids, repeated (`environments=1&environments=2`) or comma-separated.",
    ),
  is_system_event: zQueryBool
    .optional()
    .describe("Only changes the server made itself (true) or people made (false)."),
  search: z
    .string()
    .max(256)
    .optional()
    .describe("Only entries whose log line contains this text (case-insensitive)."),
  created_date_after: zQueryDate.optional().describe("Only entries made at or after this time (ISO 8601)."),
  created_date_before: zQueryDate.optional().describe("Only entries made at or before this time (ISO 8601)."),
});
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

export const ZAuditLogParams = pathParams({ auditLogId: zId });
export const ZProjectAuditLogParams = pathParams({ projectId: zId });
export const ZProjectAuditLogEntryParams = pathParams({ projectId: zId, auditLogId: zId });
export const ZOrganisationAuditLogParams = pathParams({ organisationId: zId });
export const ZOrganisationAuditLogEntryParams = pathParams({ organisationId: zId, auditLogId: zId });
