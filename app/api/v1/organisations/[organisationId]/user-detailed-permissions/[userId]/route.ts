// GET /api/v1/organisations/{organisationId}/user-detailed-permissions/{userId}/ — a member's permissions on this organisation and their sources
import { withApi } from "@/lib/route/handler";
import { askingAboutThemselves, organisationUserDetailedPermissions } from "@/lib/permissions/detailed";
import { ZOrganisationUserParams } from "@/lib/permissions/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZUserDetailedPermissions } from "@/lib/permissions/detailed-responses";

// An admin of the organisation may ask about any member; any member about themselves (Flagsmith's view).
export const GET = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId, orIf: askingAboutThemselves },
    params: ZOrganisationUserParams,
    openapi: {
      operationId: "getOrganisationUserDetailedPermissions",
      summary: "Get a member's permissions on a organisation, with their sources",
      description:
        "Any member may ask about themselves; about another member, only an admin of the organisation. Each key says whether the member's own grant gives it and which groups do; admin says whether it comes from the member (organisation admin, own admin grant) or which groups give it.",
      tag: "Members and permissions",
      responses: {
        200: ok("The member's permissions and their sources.", ZUserDetailedPermissions),
        403: forbidden("The user is someone else and the caller is not an admin of the organisation"),
        404: notFound("The organisation, or the user in its organisation,"),
      },
    },
  },
  ({ params }) =>
    organisationUserDetailedPermissions({
      userId: params.userId,
      organisationId: params.organisationId,
    }),
);
