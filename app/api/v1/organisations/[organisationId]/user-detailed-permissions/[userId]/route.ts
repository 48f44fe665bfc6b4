// GET /api/v1/organisations/{organisationId}/user-detailed-permissions/{userId}/ — a member's permissions on this organisation and their sources
import { withApi } from "@/lib/api/handler";
import { askingAboutThemselves, organisationUserDetailedPermissions } from "@/lib/permissions/detailed";
import { ZOrganisationUserParams } from "@/lib/permissions/schemas";

// An admin of the organisation may ask about any member; any member about themselves (Flagsmith's view).
export const GET = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId, orIf: askingAboutThemselves },
    params: ZOrganisationUserParams,
  },
  ({ params }) =>
    organisationUserDetailedPermissions({
      userId: params.userId,
      organisationId: params.organisationId,
    }),
);
