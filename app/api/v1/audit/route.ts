// GET /api/v1/audit/ — audit log of every organisation the caller administers
import { withApi } from "@/lib/api/handler";
import { listAuditLog } from "@/lib/audit/audit-log";
import { ZAuditLogQuery } from "@/lib/audit/schemas";

export const GET = withApi(
  { auth: "user", permission: { member: true }, query: ZAuditLogQuery },
  ({ user, request, query }) => listAuditLog({ kind: "all", userId: user.id }, request, query),
);
