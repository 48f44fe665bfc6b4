// GET /api/v1/organisations/{organisationId}/my-permissions/ — the caller's permissions on this organisation
import { withApi } from "@/lib/route/handler";
import { myOrganisationPermissions } from "@/lib/permissions/my-permissions";
import { ZOrganisationScopeParams } from "@/lib/permissions/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZMyPermissions } from "@/lib/permissions/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { member: true },
    params: ZOrganisationScopeParams,
    openapi: {
      operationId: "getMyOrganisationPermissions",
      summary: "Get the caller's permissions on a organisation",
      description: "Through the caller's own grants, their groups' grants and admin roles.",
      tag: "Members and permissions",
      responses: { 200: ok("The permissions.", ZMyPermissions), 404: notFound("The organisation") },
    },
  },
  ({ user, params }) => myOrganisationPermissions(user.id, params.organisationId),
);
