// GET /api/v1/projects/{id}/segments/{segment_id}/identity-count/?environment= — identities it matches (Ensign)
import { withApi } from "@/lib/api/handler";
import { queryEnvironmentRef } from "@/lib/permissions/scope";
import { ZIdentityCountQuery, ZSegmentParams } from "@/lib/segments/schemas";
import { countSegmentIdentities } from "@/lib/segments/usage";

export const GET = withApi(
  {
    auth: "user",
    // The environment's id or client key, as the query names it; none named: the query's 400.
    permission: { environment: "VIEW_IDENTITIES", of: (c) => queryEnvironmentRef(c.query.environment) },
    params: ZSegmentParams,
    query: ZIdentityCountQuery,
  },
  ({ user, params, query }) =>
    countSegmentIdentities({ userId: user.id, projectId: params.projectId }, params.segmentId, query),
);
