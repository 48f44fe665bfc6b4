// GET/PUT/PATCH/DELETE /api/v1/environments/{api_key}/identities/{id}/featurestates/{fs_id}/ — one identity override
import { withApi } from "@/lib/route/handler";
import {
  deleteIdentityOverride,
  getIdentityOverride,
  updateIdentityOverride,
} from "@/lib/identities/overrides";
import { ZIdentityOverrideParams, ZIdentityOverrideUpdate } from "@/lib/identities/schemas";
import { noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZFeatureState } from "@/lib/features/state-responses";
import { ZBadRequest, ZErrorList } from "@/lib/api/response-schemas";
import { ZOverrideSummary } from "@/lib/identities/responses";
import { z } from "zod";

const params = ZIdentityOverrideParams;
export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    openapi: {
      operationId: "getIdentityOverride",
      summary: "Get an identity override",
      tag: "Identities",
      responses: {
        200: ok("The override.", ZFeatureState),
        404: notFound("The environment, the identity or the override"),
      },
    },
  },
  ({ user, params }) => getIdentityOverride(user.id, params.apiKey, params.identityId, params.featureStateId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZIdentityOverrideUpdate,
    openapi: {
      operationId: "updateIdentityOverride",
      summary: "Update an identity override",
      tag: "Identities",
      responses: {
        200: ok("The updated override.", ZFeatureState),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). A second override of the same feature answers a bare list of messages.",
          z.union([ZBadRequest, ZErrorList]),
        ),
        404: notFound("The environment, the identity or the override"),
      },
    },
  },
  ({ user, params, body }) => updateIdentityOverride(user.id, params.apiKey, params, body, { patch: false }),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZIdentityOverrideUpdate,
    openapi: {
      operationId: "partialUpdateIdentityOverride",
      summary: "Partially update an identity override",
      description: "Answers only `feature` and `enabled`, as Flagsmith does.",
      tag: "Identities",
      responses: {
        200: ok("The override's feature and state.", ZOverrideSummary),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). A second override of the same feature answers a bare list of messages.",
          z.union([ZBadRequest, ZErrorList]),
        ),
        404: notFound("The environment, the identity or the override"),
      },
    },
  },
  ({ user, params, body }) => updateIdentityOverride(user.id, params.apiKey, params, body, { patch: true }),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    status: 204,
    openapi: {
      operationId: "deleteIdentityOverride",
      summary: "Delete an identity override",
      tag: "Identities",
      responses: {
        204: noContent("The override is deleted."),
        404: notFound("The environment, the identity or the override"),
      },
    },
  },
  ({ user, params }) =>
    deleteIdentityOverride(user.id, params.apiKey, params.identityId, params.featureStateId),
);
