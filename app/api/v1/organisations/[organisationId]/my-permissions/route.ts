// GET /api/v1/organisations/{organisationId}/my-permissions/ — the caller's permissions on this organisation
import { withApi } from "@/lib/api/handler";
import { myOrganisationPermissions } from "@/lib/permissions/my-permissions";
import { ZOrganisationScopeParams } from "@/lib/permissions/schemas";

export const GET = withApi(
  { auth: "user", permission: { member: true }, params: ZOrganisationScopeParams },
  ({ user, params }) => myOrganisationPermissions(user.id, params.organisationId),
);
