// GET /api/v1/organisations/{id}/groups/summaries/ — every group of the organisation ({id, name})
import { withApi } from "@/lib/route/handler";
import { groupSummaries } from "@/lib/permissions/groups";
import { ZOrganisationScopeParams } from "@/lib/permissions/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZGroupSummaries } from "@/lib/permissions/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { member: true },
    params: ZOrganisationScopeParams,
    openapi: {
      operationId: "listGroupSummaries",
      summary: "List every group of the organisation, briefly",
      description: "Every group as `{id, name}`, unpaged, for any member of the organisation.",
      tag: "Members and permissions",
      responses: { 200: ok("The groups.", ZGroupSummaries), 404: notFound("The organisation") },
    },
  },
  ({ user, params }) => groupSummaries(user.id, params.organisationId),
);
