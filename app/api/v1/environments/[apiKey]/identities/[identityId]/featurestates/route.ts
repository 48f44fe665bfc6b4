// GET/POST /api/v1/environments/{api_key}/identities/{id}/featurestates/ — an identity's overrides
import { withApi } from "@/lib/api/handler";
import { createIdentityOverride, listIdentityOverrides } from "@/lib/identities/overrides";
import {
  ZIdentityOverrideCreate,
  ZIdentityOverrideListQuery,
  ZIdentityParams,
} from "@/lib/identities/schemas";

const params = ZIdentityParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    query: ZIdentityOverrideListQuery,
  },
  ({ user, params, query, request }) =>
    listIdentityOverrides(user.id, request, params.apiKey, params.identityId, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZIdentityOverrideCreate,
    status: 201,
  },
  ({ user, params, body }) => createIdentityOverride(user.id, params.apiKey, params.identityId, body),
);
