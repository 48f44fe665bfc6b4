// GET/POST /api/v1/organisations/{id}/groups/ — the organisation's groups; create one
import { withApi } from "@/lib/route/handler";
import { ZPageQuery } from "@/lib/api/pagination";
import { createGroup, listGroups } from "@/lib/permissions/groups";
import { ZGroupWrite, ZOrganisationScopeParams } from "@/lib/permissions/schemas";
import { forbidden, invalidPage, notFound, ok } from "@/lib/openapi/shared";
import { ZGroup, ZGroupPage } from "@/lib/permissions/responses";

const params = ZOrganisationScopeParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { member: true },
    params,
    query: ZPageQuery,
    openapi: {
      operationId: "listGroups",
      summary: "List groups",
      description:
        "With MANAGE_USER_GROUPS every group; otherwise the groups the caller administers. 10 per page.",
      tag: "Members and permissions",
      responses: { 200: ok("A page of groups.", ZGroupPage), 404: invalidPage },
    },
  },
  ({ user, params, query, request }) => listGroups(user.id, params.organisationId, request, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { organisation: "MANAGE_USER_GROUPS", of: (c) => c.params.organisationId },
    params,
    body: ZGroupWrite,
    status: 201,
    openapi: {
      operationId: "createGroup",
      summary: "Create a group",
      tag: "Members and permissions",
      responses: {
        201: ok("The group.", ZGroup),
        403: forbidden("The caller lacks MANAGE_USER_GROUPS in the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ params, body }) => createGroup(params.organisationId, body),
);
