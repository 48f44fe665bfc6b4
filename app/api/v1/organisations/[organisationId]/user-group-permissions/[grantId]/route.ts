// GET/PUT/PATCH/DELETE /api/v1/organisations/{organisationId}/user-group-permissions/{id}/ — one group grant on this organisation
import { withApi } from "@/lib/api/handler";
import { deleteGrant, getGrant, updateGrant, organisationScope } from "@/lib/permissions/grants";
import { ZOrganisationGrantParams, ZGroupGrantWrite, ZGroupGrantPatch } from "@/lib/permissions/schemas";

const permission = {
  organisation: "ADMIN",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZOrganisationGrantParams;

export const GET = withApi({ auth: "user", permission, params }, async ({ params }) =>
  getGrant(await organisationScope(params.organisationId), "group", params.grantId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantWrite,
  },
  async ({ params, body }) =>
    updateGrant(await organisationScope(params.organisationId), "group", params.grantId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantPatch,
  },
  async ({ params, body }) =>
    updateGrant(await organisationScope(params.organisationId), "group", params.grantId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission,
    params,
    status: 204,
  },
  async ({ params }) => deleteGrant(await organisationScope(params.organisationId), "group", params.grantId),
);
