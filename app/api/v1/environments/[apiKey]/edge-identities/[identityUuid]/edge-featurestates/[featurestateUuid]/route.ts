// GET/PUT/PATCH/DELETE /api/v1/environments/{api_key}/edge-identities/{uuid}/edge-featurestates/{featurestate_uuid}/ — one override
import { withApi } from "@/lib/route/handler";
import { deleteEdgeOverride, getEdgeOverride, updateEdgeOverride } from "@/lib/identities/edge-overrides";
import { ZEdgeOverrideParams, ZEdgeOverrideWrite } from "@/lib/identities/schemas";
import { noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZEdgeOverride } from "@/lib/identities/edge-responses";
import { ZBadRequest, ZErrorList } from "@/lib/api/response-schemas";
import { z } from "zod";

const params = ZEdgeOverrideParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    openapi: {
      operationId: "getEdgeIdentityOverride",
      summary: "Get an edge identity override",
      tag: "Edge identities",
      responses: {
        200: ok("The override.", ZEdgeOverride),
        404: notFound("The environment, the identity or the override"),
      },
    },
  },
  ({ user, params }) => getEdgeOverride(user.id, params.apiKey, params.identityUuid, params.featurestateUuid),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZEdgeOverrideWrite,
    openapi: {
      operationId: "updateEdgeIdentityOverride",
      summary: "Update an edge identity override",
      tag: "Edge identities",
      responses: {
        200: ok("The updated override.", ZEdgeOverride),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). A second override of the same feature answers a bare list of messages.",
          z.union([ZBadRequest, ZErrorList]),
        ),
        404: notFound("The environment, the identity or the override"),
      },
    },
  },
  ({ user, params, body }) => updateEdgeOverride(user.id, params.apiKey, params, body, { partial: false }),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZEdgeOverrideWrite,
    openapi: {
      operationId: "partialUpdateEdgeIdentityOverride",
      summary: "Partially update an edge identity override",
      tag: "Edge identities",
      responses: {
        200: ok("The updated override.", ZEdgeOverride),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). A second override of the same feature answers a bare list of messages.",
          z.union([ZBadRequest, ZErrorList]),
        ),
        404: notFound("The environment, the identity or the override"),
      },
    },
  },
  ({ user, params, body }) => updateEdgeOverride(user.id, params.apiKey, params, body, { partial: true }),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    status: 204,
    openapi: {
      operationId: "deleteEdgeIdentityOverride",
      summary: "Delete an edge identity override",
      tag: "Edge identities",
      responses: {
        204: noContent("The override is deleted."),
        404: notFound("The environment, the identity or the override"),
      },
    },
  },
  ({ user, params }) =>
    deleteEdgeOverride(user.id, params.apiKey, params.identityUuid, params.featurestateUuid),
);
