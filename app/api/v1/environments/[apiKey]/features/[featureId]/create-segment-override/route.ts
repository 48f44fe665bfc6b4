// POST /api/v1/environments/{api_key}/features/{id}/create-segment-override/ — feature segment and override in one call
import { withApi } from "@/lib/api/handler";
import { createSegmentOverride } from "@/lib/overrides/segment-override";
import { ZSegmentOverrideCreate, ZSegmentOverrideParams } from "@/lib/overrides/schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_SEGMENT_OVERRIDES", of: (c) => c.params.apiKey },
    params: ZSegmentOverrideParams,
    body: ZSegmentOverrideCreate,
    status: 201,
  },
  ({ user, params, body }) =>
    createSegmentOverride({ userId: user.id, apiKey: params.apiKey, featureId: params.featureId }, body),
);
