// GET /api/v1/environments/{api_key}/edge-identity-overrides/ — every identity override of the environment (?feature=)
import { withApi } from "@/lib/api/handler";
import { listEnvironmentEdgeOverrides } from "@/lib/identities/edge-overrides";
import { ZEdgeOverrideListQuery, ZIdentityListParams } from "@/lib/identities/schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params: ZIdentityListParams,
    query: ZEdgeOverrideListQuery,
  },
  ({ user, params, query }) => listEnvironmentEdgeOverrides(user.id, params.apiKey, query),
);
