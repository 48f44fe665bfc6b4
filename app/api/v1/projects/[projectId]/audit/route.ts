// GET /api/v1/projects/{id}/audit/ — audit log of one project
import { withApi } from "@/lib/route/handler";
import { listAuditLog } from "@/lib/audit-log/audit-log";
import { ZAuditLogQuery, ZProjectAuditLogParams } from "@/lib/audit-log/schemas";
import { invalidQuery, notFound, ok } from "@/lib/openapi/shared";
import { ZAuditLogPage } from "@/lib/audit/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_AUDIT_LOG", of: (c) => c.params.projectId },
    params: ZProjectAuditLogParams,
    query: ZAuditLogQuery,
    openapi: {
      operationId: "listProjectAuditLog",
      summary: "List a project's audit log entries",
      tag: "Audit log",
      responses: {
        200: ok("One page of the project's audit log entries, newest first.", ZAuditLogPage),
        400: invalidQuery,
        404: notFound("The project, or the page,"),
      },
    },
  },
  ({ user, request, params, query }) =>
    listAuditLog({ kind: "project", userId: user.id, projectId: params.projectId }, request, query),
);
