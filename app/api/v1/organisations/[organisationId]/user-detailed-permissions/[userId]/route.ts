// GET /api/v1/organisations/{organisationId}/user-detailed-permissions/{userId}/ — a member's permissions on this organisation and their sources
import { withApi } from "@/lib/api/handler";
import { organisationUserDetailedPermissions } from "@/lib/permissions/detailed";
import { ZOrganisationUserParams } from "@/lib/permissions/schemas";

// Any member may ask about themselves; about another member, only an organisation admin
// (lib/permissions/detailed.ts decides, as Flagsmith's view does).
export const GET = withApi(
  { auth: "user", permission: { member: true }, params: ZOrganisationUserParams },
  ({ user, params }) =>
    organisationUserDetailedPermissions({
      callerId: user.id,
      userId: params.userId,
      organisationId: params.organisationId,
    }),
);
