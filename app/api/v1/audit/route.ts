// GET /api/v1/audit/ — audit log of every organisation the caller administers
import { withApi } from "@/lib/route/handler";
import { listAuditLog } from "@/lib/audit-log/audit-log";
import { ZAuditLogQuery } from "@/lib/audit-log/schemas";
import { invalidPage, invalidQuery, ok } from "@/lib/openapi/shared";
import { ZAuditLogPage } from "@/lib/audit/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { member: true },
    query: ZAuditLogQuery,
    openapi: {
      operationId: "listAuditLog",
      summary: "List audit log entries",
      description: "Entries of every organisation the caller is an admin of.",
      tag: "Audit log",
      responses: {
        200: ok("One page of the caller's organisations's audit log entries, newest first.", ZAuditLogPage),
        400: invalidQuery,
        404: invalidPage,
      },
    },
  },
  ({ user, request, query }) => listAuditLog({ kind: "all", userId: user.id }, request, query),
);
