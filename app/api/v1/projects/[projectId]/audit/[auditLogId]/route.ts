// GET /api/v1/projects/{id}/audit/{id}/ — one audit log entry of a project
import { withApi } from "@/lib/api/handler";
import { getAuditLogEntry } from "@/lib/audit/audit-log";
import { ZProjectAuditLogEntryParams } from "@/lib/audit/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_AUDIT_LOG", of: (c) => c.params.projectId },
    params: ZProjectAuditLogEntryParams,
  },
  ({ user, params }) =>
    getAuditLogEntry({ kind: "project", userId: user.id, projectId: params.projectId }, params.auditLogId),
);
