// GET/PUT/PATCH/DELETE /api/v1/organisations/{organisationId}/user-permissions/{id}/ — one user grant on this organisation
import { withApi } from "@/lib/api/handler";
import { deleteGrant, getGrant, updateGrant, organisationScope } from "@/lib/permissions/grants";
import { ZOrganisationGrantParams, ZUserGrantWrite, ZUserGrantPatch } from "@/lib/permissions/schemas";

const permission = {
  organisation: "ADMIN",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZOrganisationGrantParams;

export const GET = withApi({ auth: "user", permission, params }, async ({ params }) =>
  getGrant(await organisationScope(params.organisationId), "user", params.grantId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZUserGrantWrite,
  },
  async ({ params, body }) =>
    updateGrant(await organisationScope(params.organisationId), "user", params.grantId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZUserGrantPatch,
  },
  async ({ params, body }) =>
    updateGrant(await organisationScope(params.organisationId), "user", params.grantId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission,
    params,
    status: 204,
  },
  async ({ params }) => deleteGrant(await organisationScope(params.organisationId), "user", params.grantId),
);
