// GET/PUT/PATCH/DELETE /api/v1/environments/{api_key}/api-keys/{id}/ — one server-side key; DELETE revokes it
import { withApi, withDocs } from "@/lib/route/handler";
import { ZServerKeyParams, ZServerKeyUpdate } from "@/lib/environments/schemas";
import { getServerKey, revokeServerKey, updateServerKey } from "@/lib/environments/server-keys";
import { noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZServerKey } from "@/lib/environments/responses";

const permission = {
  environment: "ADMIN",
  of: (c: { params: { apiKey: string } }) => c.params.apiKey,
} as const;

const params = ZServerKeyParams;

export const GET = withApi(
  {
    auth: "user",
    permission,
    params,
    openapi: {
      operationId: "getServerKey",
      summary: "Get a server-side key",
      tag: "Server-side keys",
      responses: { 200: ok("The key.", ZServerKey), 404: notFound("The environment or the key") },
    },
  },
  ({ user, params }) => getServerKey(user.id, params.apiKey, params.keyId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZServerKeyUpdate,
    openapi: {
      operationId: "updateServerKey",
      summary: "Update a server-side key",
      tag: "Server-side keys",
      bodyDocs: {
        name: "Name of the key.",
        expires_at: "When the key stops being accepted (ISO 8601 with offset); null for never.",
        active: "Whether the key is accepted (default true).",
      },
      responses: { 200: ok("The updated key.", ZServerKey), 404: notFound("The environment or the key") },
    },
  },
  ({ user, params, body }) => updateServerKey(user.id, params.apiKey, params.keyId, body),
);
export const PATCH = withDocs(PUT, {
  operationId: "partialUpdateServerKey",
  summary: "Partially update a server-side key",
});
export const DELETE = withApi(
  {
    auth: "user",
    permission,
    params,
    status: 204,
    openapi: {
      operationId: "revokeServerKey",
      summary: "Revoke a server-side key",
      tag: "Server-side keys",
      responses: {
        204: noContent("The key is deleted; SDKs using it get 403."),
        404: notFound("The environment or the key"),
      },
    },
  },
  ({ user, params }) => revokeServerKey(user.id, params.apiKey, params.keyId),
);
