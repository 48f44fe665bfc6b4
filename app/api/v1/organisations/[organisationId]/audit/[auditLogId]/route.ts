// GET /api/v1/organisations/{id}/audit/{id}/ — one audit log entry of an organisation
import { withApi } from "@/lib/route/handler";
import { getAuditLogEntry } from "@/lib/audit-log/audit-log";
import { ZOrganisationAuditLogEntryParams } from "@/lib/audit-log/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZAuditLogEntryDetail } from "@/lib/audit/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params: ZOrganisationAuditLogEntryParams,
    openapi: {
      operationId: "getOrganisationAuditLogEntry",
      summary: "Get an audit log entry of an organisation",
      tag: "Audit log",
      paramDocs: { auditLogId: "Numeric id of the audit log entry." },
      responses: {
        200: ok("The entry with its change details.", ZAuditLogEntryDetail),
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation or the entry"),
      },
    },
  },
  ({ user, params }) =>
    getAuditLogEntry(
      { kind: "organisation", userId: user.id, organisationId: params.organisationId },
      params.auditLogId,
    ),
);
