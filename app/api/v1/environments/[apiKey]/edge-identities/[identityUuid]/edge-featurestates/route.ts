// GET/POST /api/v1/environments/{api_key}/edge-identities/{uuid}/edge-featurestates/ — an edge identity's overrides
import { withApi } from "@/lib/api/handler";
import { createEdgeOverride, listEdgeOverrides } from "@/lib/identities/edge-overrides";
import { ZEdgeIdentityParams, ZEdgeOverrideListQuery, ZEdgeOverrideWrite } from "@/lib/identities/schemas";

const params = ZEdgeIdentityParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    query: ZEdgeOverrideListQuery,
  },
  ({ user, params, query }) => listEdgeOverrides(user.id, params.apiKey, params.identityUuid, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZEdgeOverrideWrite,
    status: 201,
  },
  ({ user, params, body }) => createEdgeOverride(user.id, params.apiKey, params.identityUuid, body),
);
