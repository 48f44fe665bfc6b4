// GET /api/v1/organisations/{id}/users/ — the organisation's members with their roles
import { withApi } from "@/lib/route/handler";
import { listMembers } from "@/lib/permissions/members";
import { ZMemberListQuery, ZOrganisationScopeParams } from "@/lib/permissions/schemas";
import { invalidQuery, notFound, ok } from "@/lib/openapi/shared";
import { ZMember } from "@/lib/permissions/responses";
import { z } from "zod";

export const GET = withApi(
  {
    auth: "user",
    permission: { member: true },
    params: ZOrganisationScopeParams,
    query: ZMemberListQuery,
    openapi: {
      operationId: "listOrganisationUsers",
      summary: "List the members of an organisation",
      description: "Every member with their role; any member may list them.",
      tag: "Members and permissions",
      responses: {
        200: ok("The members.", z.array(ZMember)),
        400: invalidQuery,
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params, query }) =>
    listMembers(user.id, params.organisationId, ["true", "True", "1"].includes(query.exclude_current ?? "")),
);
