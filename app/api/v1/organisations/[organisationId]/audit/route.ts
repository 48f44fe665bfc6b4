// GET /api/v1/organisations/{id}/audit/ — audit log of one organisation (its admins only)
import { withApi } from "@/lib/route/handler";
import { listAuditLog } from "@/lib/audit-log/audit-log";
import { ZAuditLogQuery, ZOrganisationAuditLogParams } from "@/lib/audit-log/schemas";
import { forbidden, invalidQuery, notFound, ok } from "@/lib/openapi/shared";
import { ZAuditLogPage } from "@/lib/audit/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params: ZOrganisationAuditLogParams,
    query: ZAuditLogQuery,
    openapi: {
      operationId: "listOrganisationAuditLog",
      summary: "List an organisation's audit log entries",
      description: "Only the organisation's admins may read it.",
      tag: "Audit log",
      responses: {
        200: ok("One page of the organisation's audit log entries, newest first.", ZAuditLogPage),
        400: invalidQuery,
        403: forbidden("The caller is a member but not an admin of the organisation"),
        404: notFound("The organisation, or the page,"),
      },
    },
  },
  ({ user, request, params, query }) =>
    listAuditLog(
      { kind: "organisation", userId: user.id, organisationId: params.organisationId },
      request,
      query,
    ),
);
