// GET /api/v1/audit/{id}/ — one audit log entry with its change details
import { withApi } from "@/lib/api/handler";
import { getAuditLogEntry } from "@/lib/audit/audit-log";
import { ZAuditLogParams } from "@/lib/audit/schemas";

export const GET = withApi(
  { auth: "user", permission: { member: true }, params: ZAuditLogParams },
  ({ user, params }) => getAuditLogEntry({ kind: "all", userId: user.id }, params.auditLogId),
);
