// GET/POST /api/v1/environments/{api_key}/edge-identities/{uuid}/edge-featurestates/ — an edge identity's overrides
import { withApi } from "@/lib/route/handler";
import { createEdgeOverride, listEdgeOverrides } from "@/lib/identities/edge-overrides";
import { ZEdgeIdentityParams, ZEdgeOverrideListQuery, ZEdgeOverrideWrite } from "@/lib/identities/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZEdgeOverride, ZEdgeOverrideList } from "@/lib/identities/edge-responses";
import { ZBadRequest, ZErrorList, ZValidationErrors } from "@/lib/api/response-schemas";
import { z } from "zod";

const params = ZEdgeIdentityParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    query: ZEdgeOverrideListQuery,
    openapi: {
      operationId: "listEdgeIdentityOverrides",
      summary: "List the overrides of an edge identity",
      tag: "Edge identities",
      responses: {
        200: ok("The overrides (not paged).", ZEdgeOverrideList),
        400: ok("`feature` is not an integer.", ZValidationErrors),
        404: notFound("The environment or the identity"),
      },
    },
  },
  ({ user, params, query }) => listEdgeOverrides(user.id, params.apiKey, params.identityUuid, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZEdgeOverrideWrite,
    status: 201,
    openapi: {
      operationId: "createEdgeIdentityOverride",
      summary: "Override a feature for an edge identity",
      description: "`feature` may be the feature's id or its name.",
      tag: "Edge identities",
      responses: {
        201: ok("The created override.", ZEdgeOverride),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). A second override of the same feature answers a bare list of messages.",
          z.union([ZBadRequest, ZErrorList]),
        ),
        404: notFound("The environment or the identity"),
      },
    },
  },
  ({ user, params, body }) => createEdgeOverride(user.id, params.apiKey, params.identityUuid, body),
);
