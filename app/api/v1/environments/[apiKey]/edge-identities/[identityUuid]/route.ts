// GET/PUT/PATCH/DELETE /api/v1/environments/{api_key}/edge-identities/{uuid}/ — one identity by uuid
import { withApi, withDocs } from "@/lib/route/handler";
import { deleteEdgeIdentity, getEdgeIdentity, updateEdgeIdentity } from "@/lib/identities/edge-identities";
import { ZEdgeIdentityParams, ZEdgeIdentityUpdate } from "@/lib/identities/schemas";
import { noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZEdgeIdentity } from "@/lib/identities/edge-responses";

const params = ZEdgeIdentityParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    openapi: {
      operationId: "getEdgeIdentity",
      summary: "Get an edge identity",
      tag: "Edge identities",
      responses: {
        200: ok("The identity.", ZEdgeIdentity),
        404: notFound("The environment or the identity"),
      },
    },
  },
  ({ user, params }) => getEdgeIdentity(user.id, params.apiKey, params.identityUuid),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZEdgeIdentityUpdate,
    openapi: {
      operationId: "updateEdgeIdentity",
      summary: "Update an edge identity",
      tag: "Edge identities",
      responses: {
        200: ok("The updated identity.", ZEdgeIdentity),
        404: notFound("The environment or the identity"),
      },
    },
  },
  ({ user, params, body }) => updateEdgeIdentity(user.id, params.apiKey, params.identityUuid, body),
);
export const PATCH = withDocs(PUT, {
  operationId: "partialUpdateEdgeIdentity",
  summary: "Partially update an edge identity",
});
export const DELETE = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    status: 204,
    openapi: {
      operationId: "deleteEdgeIdentity",
      summary: "Delete an edge identity",
      description: "Deletes the identity with its traits and overrides.",
      tag: "Edge identities",
      responses: {
        204: noContent("The identity is deleted."),
        404: notFound("The environment or the identity"),
      },
    },
  },
  ({ user, params }) => deleteEdgeIdentity(user.id, params.apiKey, params.identityUuid),
);
