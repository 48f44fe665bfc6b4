// GET/POST /api/v1/environments/{api_key}/identities/ — an environment's identities (search with ?q=)
import { withApi } from "@/lib/api/handler";
import { createIdentity, listIdentities } from "@/lib/identities/identities";
import { ZIdentityCreate, ZIdentityListParams, ZIdentityListQuery } from "@/lib/identities/schemas";

const params = ZIdentityListParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    query: ZIdentityListQuery,
  },
  ({ user, params, query, request }) => listIdentities(user.id, request, params.apiKey, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZIdentityCreate,
    status: 201,
  },
  ({ user, params, body }) => createIdentity(user.id, params.apiKey, body),
);
