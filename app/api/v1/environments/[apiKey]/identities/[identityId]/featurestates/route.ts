// GET/POST /api/v1/environments/{api_key}/identities/{id}/featurestates/ — an identity's overrides
import { withApi } from "@/lib/route/handler";
import { createIdentityOverride, listIdentityOverrides } from "@/lib/identities/overrides";
import {
  ZIdentityOverrideCreate,
  ZIdentityOverrideListQuery,
  ZIdentityParams,
} from "@/lib/identities/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZFeatureState, ZFeatureStatePage } from "@/lib/features/state-responses";
import { ZBadRequest, ZErrorDetail, ZErrorList, ZValidationErrors } from "@/lib/api/response-schemas";
import { z } from "zod";

const params = ZIdentityParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    query: ZIdentityOverrideListQuery,
    openapi: {
      operationId: "listIdentityOverrides",
      summary: "List the overrides of an identity",
      description: "10 per page; `feature` or `feature_name` finds one feature's override.",
      tag: "Identities",
      responses: {
        200: ok("A page of identity overrides.", ZFeatureStatePage),
        400: ok("`page` or `feature` is invalid.", ZValidationErrors),
        404: ok(
          "The environment or the identity does not exist or is not visible, or the page is past the end.",
          ZErrorDetail,
        ),
      },
    },
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
    openapi: {
      operationId: "createIdentityOverride",
      summary: "Override a feature for an identity",
      tag: "Identities",
      responses: {
        201: ok("The created override.", ZFeatureState),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). A second override of the same feature answers a bare list of messages.",
          z.union([ZBadRequest, ZErrorList]),
        ),
        404: notFound("The environment or the identity"),
      },
    },
  },
  ({ user, params, body }) => createIdentityOverride(user.id, params.apiKey, params.identityId, body),
);
