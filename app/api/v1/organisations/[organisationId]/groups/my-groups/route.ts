// GET /api/v1/organisations/{id}/groups/my-groups/ — the groups the caller belongs to ({id, name})
import { withApi } from "@/lib/route/handler";
import { myGroups } from "@/lib/permissions/groups";
import { ZOrganisationScopeParams } from "@/lib/permissions/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZGroupSummaries } from "@/lib/permissions/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { member: true },
    params: ZOrganisationScopeParams,
    openapi: {
      operationId: "listMyGroups",
      summary: "List the caller's groups",
      tag: "Members and permissions",
      responses: { 200: ok("The groups.", ZGroupSummaries), 404: notFound("The organisation") },
    },
  },
  ({ user, params }) => myGroups(user.id, params.organisationId),
);
