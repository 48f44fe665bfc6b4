// GET/POST /api/v1/environments/{api_key}/edge-identities/ — identities by uuid, paged by last_evaluated_key
import { withApi } from "@/lib/api/handler";
import { createEdgeIdentity, listEdgeIdentities } from "@/lib/identities/edge-identities";
import { ZEdgeIdentityCreate, ZEdgeIdentityListQuery, ZIdentityListParams } from "@/lib/identities/schemas";

const params = ZIdentityListParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    query: ZEdgeIdentityListQuery,
  },
  ({ user, params, query }) => listEdgeIdentities(user.id, params.apiKey, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZEdgeIdentityCreate,
    status: 201,
  },
  ({ user, params, body }) => createEdgeIdentity(user.id, params.apiKey, body),
);
