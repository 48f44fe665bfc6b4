// GET /api/v1/projects/{id}/segments/{segment_id}/identity-count/?environment= — identities it matches (Ensign)
import { withApi } from "@/lib/route/handler";
import { queryEnvironmentRef } from "@/lib/permissions/scope";
import { ZIdentityCountQuery, ZSegmentParams } from "@/lib/segments/schemas";
import { countSegmentIdentities } from "@/lib/segments/usage";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZSegmentIdentityCount } from "@/lib/segments/responses";
import { ZValidationErrors } from "@/lib/api/response-schemas";

export const GET = withApi(
  {
    auth: "user",
    // The environment's id or client key, as the query names it; none named: the query's 400.
    permission: { environment: "VIEW_IDENTITIES", of: (c) => queryEnvironmentRef(c.query.environment) },
    params: ZSegmentParams,
    query: ZIdentityCountQuery,
    openapi: {
      operationId: "countSegmentIdentities",
      summary: "Count the identities a segment matches in an environment",
      description:
        'Ensign extension. Evaluates the segment with the SDK engine against the environment\'s stored identities and their traits, in batches, at most `scan_limit` identities (ENSIGN_SEGMENT_COUNT_SCAN_LIMIT, default 10,000) per request; past that `is_complete` is false and `count` is a lower bound ("at least").',
      tag: "Segments",
      responses: {
        200: ok("The count.", ZSegmentIdentityCount),
        400: ok("`environment` is missing.", ZValidationErrors),
        404: notFound("The project, the segment, or the environment in that project"),
      },
    },
  },
  ({ user, params, query }) =>
    countSegmentIdentities({ userId: user.id, projectId: params.projectId }, params.segmentId, query),
);
