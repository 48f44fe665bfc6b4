// GET /api/v1/organisations/{id}/audit/{id}/ — one audit log entry of an organisation
import { withApi } from "@/lib/api/handler";
import { getAuditLogEntry } from "@/lib/audit/audit-log";
import { ZOrganisationAuditLogEntryParams } from "@/lib/audit/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params: ZOrganisationAuditLogEntryParams,
  },
  ({ user, params }) =>
    getAuditLogEntry(
      { kind: "organisation", userId: user.id, organisationId: params.organisationId },
      params.auditLogId,
    ),
);
