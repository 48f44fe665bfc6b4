// GET/POST /api/v1/environments/{api_key}/identities/{id}/traits/ — an identity's stored traits
import { ZPageQuery } from "@/lib/api/pagination";
import { withApi } from "@/lib/api/handler";
import { ZIdentityParams, ZTraitCreate } from "@/lib/identities/schemas";
import { createTrait, listTraits } from "@/lib/identities/traits";

const params = ZIdentityParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    query: ZPageQuery,
  },
  ({ user, params, query, request }) => listTraits(user.id, request, params.apiKey, params.identityId, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZTraitCreate,
    status: 201,
  },
  ({ user, params, body }) => createTrait(user.id, params.apiKey, params.identityId, body),
);
