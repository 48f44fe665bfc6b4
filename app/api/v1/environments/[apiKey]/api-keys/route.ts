// GET/POST /api/v1/environments/{api_key}/api-keys/ — server-side SDK keys of an environment
import { withApi } from "@/lib/route/handler";
import { ZEnvironmentParams, ZServerKeyCreate } from "@/lib/environments/schemas";
import { createServerKey, listServerKeys } from "@/lib/environments/server-keys";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZServerKey, ZServerKeyList } from "@/lib/environments/responses";

const permission = {
  environment: "ADMIN",
  of: (c: { params: { apiKey: string } }) => c.params.apiKey,
} as const;

const params = ZEnvironmentParams;

export const GET = withApi(
  {
    auth: "user",
    permission,
    params,
    openapi: {
      operationId: "listServerKeys",
      summary: "List the server-side keys of an environment",
      tag: "Server-side keys",
      responses: { 200: ok("The keys (not paged).", ZServerKeyList), 404: notFound("The environment") },
    },
  },
  ({ user, params }) => listServerKeys(user.id, params.apiKey),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZServerKeyCreate,
    status: 201,
    openapi: {
      operationId: "createServerKey",
      summary: "Create a server-side key",
      tag: "Server-side keys",
      bodyDocs: {
        name: "Name of the key.",
        expires_at: "When the key stops being accepted (ISO 8601 with offset); null for never.",
        active: "Whether the key is accepted (default true).",
      },
      responses: { 201: ok("The created key.", ZServerKey), 404: notFound("The environment") },
    },
  },
  ({ user, params, body }) => createServerKey(user.id, params.apiKey, body),
);
