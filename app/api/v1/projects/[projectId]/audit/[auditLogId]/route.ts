// GET /api/v1/projects/{id}/audit/{id}/ — one audit log entry of a project
import { withApi } from "@/lib/route/handler";
import { getAuditLogEntry } from "@/lib/audit-log/audit-log";
import { ZProjectAuditLogEntryParams } from "@/lib/audit-log/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZAuditLogEntryDetail } from "@/lib/audit/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_AUDIT_LOG", of: (c) => c.params.projectId },
    params: ZProjectAuditLogEntryParams,
    openapi: {
      operationId: "getProjectAuditLogEntry",
      summary: "Get an audit log entry of a project",
      tag: "Audit log",
      paramDocs: { auditLogId: "Numeric id of the audit log entry." },
      responses: {
        200: ok("The entry with its change details.", ZAuditLogEntryDetail),
        404: notFound("The project or the entry"),
      },
    },
  },
  ({ user, params }) =>
    getAuditLogEntry({ kind: "project", userId: user.id, projectId: params.projectId }, params.auditLogId),
);
