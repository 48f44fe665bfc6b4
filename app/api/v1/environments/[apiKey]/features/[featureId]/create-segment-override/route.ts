// POST /api/v1/environments/{api_key}/features/{id}/create-segment-override/ — feature segment and override in one call
import { withApi } from "@/lib/route/handler";
import { createSegmentOverride } from "@/lib/overrides/segment-override";
import { ZSegmentOverrideCreate, ZSegmentOverrideParams } from "@/lib/overrides/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZSegmentOverride } from "@/lib/overrides/responses";

export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_SEGMENT_OVERRIDES", of: (c) => c.params.apiKey },
    params: ZSegmentOverrideParams,
    body: ZSegmentOverrideCreate,
    status: 201,
    openapi: {
      operationId: "createSegmentOverride",
      summary: "Create a segment override in one call",
      description: "Creates the feature segment and its override together.",
      tag: "Segment overrides",
      bodyDocs: {
        feature_segment: "The segment to override the feature for, and its priority (last when left out).",
      },
      responses: {
        201: ok("The created override with its feature segment.", ZSegmentOverride),
        403: forbidden("The segment is not visible to the caller"),
        404: notFound("The environment or the feature"),
      },
    },
  },
  ({ user, params, body }) =>
    createSegmentOverride({ userId: user.id, apiKey: params.apiKey, featureId: params.featureId }, body),
);
