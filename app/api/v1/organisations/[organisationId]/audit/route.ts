// GET /api/v1/organisations/{id}/audit/ — audit log of one organisation (its admins only)
import { withApi } from "@/lib/api/handler";
import { listAuditLog } from "@/lib/audit/audit-log";
import { ZAuditLogQuery, ZOrganisationAuditLogParams } from "@/lib/audit/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params: ZOrganisationAuditLogParams,
    query: ZAuditLogQuery,
  },
  ({ user, request, params, query }) =>
    listAuditLog(
      { kind: "organisation", userId: user.id, organisationId: params.organisationId },
      request,
      query,
    ),
);
