// GET /api/v1/audit/{id}/ — one audit log entry with its change details
import { withApi } from "@/lib/route/handler";
import { getAuditLogEntry } from "@/lib/audit-log/audit-log";
import { ZAuditLogParams } from "@/lib/audit-log/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZAuditLogEntryDetail } from "@/lib/audit/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { member: true },
    params: ZAuditLogParams,
    openapi: {
      operationId: "getAuditLogEntry",
      summary: "Get an audit log entry",
      tag: "Audit log",
      paramDocs: { auditLogId: "Numeric id of the audit log entry." },
      responses: {
        200: ok("The entry with its change details.", ZAuditLogEntryDetail),
        404: notFound("The entry"),
      },
    },
  },
  ({ user, params }) => getAuditLogEntry({ kind: "all", userId: user.id }, params.auditLogId),
);
