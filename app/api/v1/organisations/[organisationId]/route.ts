// GET/PUT/PATCH/DELETE /api/v1/organisations/{id}/ — one organisation (changes need its admin role)
import { withApi } from "@/lib/api/handler";
import { deleteOrganisation, getOrganisation, updateOrganisation } from "@/lib/organisations/organisations";
import { ZOrganisationParams, ZOrganisationUpdate } from "@/lib/organisations/schemas";

const params = ZOrganisationParams;

export const GET = withApi({ auth: "user", permission: { member: true }, params }, ({ user, params }) =>
  getOrganisation(user.id, params.organisationId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params,
    body: ZOrganisationUpdate,
  },
  ({ user, params, body }) => updateOrganisation(user.id, params.organisationId, body),
);
export const PATCH = PUT;
export const DELETE = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params,
    status: 204,
  },
  ({ user, params }) => deleteOrganisation(user.id, params.organisationId),
);
