// GET/PUT/PATCH/DELETE /api/v1/environments/{api_key}/edge-identities/{uuid}/edge-featurestates/{featurestate_uuid}/ — one override
import { withApi } from "@/lib/api/handler";
import { deleteEdgeOverride, getEdgeOverride, updateEdgeOverride } from "@/lib/identities/edge-overrides";
import { ZEdgeOverrideParams, ZEdgeOverrideWrite } from "@/lib/identities/schemas";

const params = ZEdgeOverrideParams;

export const GET = withApi(
  { auth: "user", permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey }, params },
  ({ user, params }) => getEdgeOverride(user.id, params.apiKey, params.identityUuid, params.featurestateUuid),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZEdgeOverrideWrite,
  },
  ({ user, params, body }) => updateEdgeOverride(user.id, params.apiKey, params, body, { partial: false }),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZEdgeOverrideWrite,
  },
  ({ user, params, body }) => updateEdgeOverride(user.id, params.apiKey, params, body, { partial: true }),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    status: 204,
  },
  ({ user, params }) =>
    deleteEdgeOverride(user.id, params.apiKey, params.identityUuid, params.featurestateUuid),
);
