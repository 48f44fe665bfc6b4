// GET|PATCH|PUT /api/__future__/environments/{key}/features/{id}/ — Flagsmith's one-call flag API
import { withApi } from "@/lib/route/handler";
import { getFlag, updateFlag } from "@/lib/flag-api/flag";
import { ZFlagParams, ZFlagUpdate } from "@/lib/flag-api/schemas";
import { ZFlagInEnvironment } from "@/lib/flag-api/responses";
import { flagWriteRule } from "@/lib/flag-api/permission";
import { forbidden, invalidBody, notFound, ok } from "@/lib/openapi/shared";
import type { RouteDoc } from "@/lib/openapi/types";

const TAG = "Feature states";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.environmentKey },
    params: ZFlagParams,
    openapi: {
      operationId: "getFlag",
      summary: "Read what a flag serves in an environment",
      description:
        "Flagsmith's experimental `__future__` API: the environment default and the segment overrides.",
      tag: TAG,
      responses: {
        200: ok("The flag.", ZFlagInEnvironment),
        404: notFound("The environment or the feature"),
      },
    },
  },
  ({ user, params }) => getFlag({ userId: user.id, ...params }),
);

const writeDoc = (replace: boolean): RouteDoc => ({
  operationId: replace ? "replaceFlag" : "updateFlag",
  summary: replace ? "Replace the parts of a flag given" : "Update the parts of a flag given",
  description: replace
    ? "Each part sent is replaced whole: what it leaves out is reset (an override takes it from the environment default), and overrides not listed are removed. One change: one audit entry and one version."
    : "Only what is sent changes; a new segment override takes what it leaves out from the environment default. One change: one audit entry and one version.",
  tag: TAG,
  responses: {
    200: ok("The flag after the change.", ZFlagInEnvironment),
    400: invalidBody,
    403: forbidden("The caller may not change that part of the flag"),
    404: notFound("The environment or the feature"),
  },
});

export const PATCH = withApi(
  {
    auth: "user",
    permission: flagWriteRule,
    params: ZFlagParams,
    body: ZFlagUpdate,
    openapi: writeDoc(false),
  },
  ({ user, params, body }) => updateFlag({ userId: user.id, ...params }, body, { replace: false }),
);

export const PUT = withApi(
  {
    auth: "user",
    permission: flagWriteRule,
    params: ZFlagParams,
    body: ZFlagUpdate,
    openapi: writeDoc(true),
  },
  ({ user, params, body }) => updateFlag({ userId: user.id, ...params }, body, { replace: true }),
);
