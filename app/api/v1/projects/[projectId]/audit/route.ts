// GET /api/v1/projects/{id}/audit/ — audit log of one project
import { withApi } from "@/lib/api/handler";
import { listAuditLog } from "@/lib/audit/audit-log";
import { ZAuditLogQuery, ZProjectAuditLogParams } from "@/lib/audit/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_AUDIT_LOG", of: (c) => c.params.projectId },
    params: ZProjectAuditLogParams,
    query: ZAuditLogQuery,
  },
  ({ user, request, params, query }) =>
    listAuditLog({ kind: "project", userId: user.id, projectId: params.projectId }, request, query),
);
