// GET/PUT/PATCH/DELETE /api/v1/organisations/{id}/master-api-keys/{prefix}/ — one key by its prefix
import { withApi } from "@/lib/route/handler";
import {
  getMasterApiKey,
  revokeMasterApiKey,
  updateMasterApiKey,
} from "@/lib/master-api-keys/master-api-keys";
import { ZMasterApiKeyCreate, ZMasterApiKeyParams, ZMasterApiKeyUpdate } from "@/lib/master-api-keys/schemas";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZMasterApiKey } from "@/lib/master-api-keys/responses";

const permission = {
  organisation: "ADMIN",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

const params = ZMasterApiKeyParams;
const owner = (userId: number, organisationId: number) => ({ userId, organisationId });

export const GET = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission,
    params,
    openapi: {
      operationId: "getMasterApiKey",
      summary: "Get an organisation API key",
      description:
        "Organisation admins only, signed in or with an account token (not with an organisation API key).",
      tag: "Organisation API keys",
      responses: {
        200: ok("The key, without its secret.", ZMasterApiKey),
        403: forbidden(
          "The caller is not an admin of the organisation, or came with an organisation API key",
        ),
        404: notFound("The organisation or the key"),
      },
    },
  },
  ({ user, params }) => getMasterApiKey(owner(user.id, params.organisationId), params.prefix),
);
export const PUT = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission,
    params,
    body: ZMasterApiKeyCreate,
    openapi: {
      operationId: "updateMasterApiKey",
      summary: "Update an organisation API key",
      description:
        "Organisation admins only, signed in or with an account token (not with an organisation API key). `revoked: true` revokes the key for good. Fields left out keep their value.",
      tag: "Organisation API keys",
      responses: {
        200: ok("The key (without its secret).", ZMasterApiKey),
        403: forbidden(
          "The caller is not an admin of the organisation, or came with an organisation API key",
        ),
        404: notFound("The organisation or the key"),
      },
    },
  },
  ({ user, params, body }) => updateMasterApiKey(owner(user.id, params.organisationId), params.prefix, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission,
    params,
    body: ZMasterApiKeyUpdate,
    openapi: {
      operationId: "partialUpdateMasterApiKey",
      summary: "Partially update an organisation API key",
      description:
        "Organisation admins only, signed in or with an account token (not with an organisation API key). `revoked: true` revokes the key for good. Fields left out keep their value.",
      tag: "Organisation API keys",
      responses: {
        200: ok("The key (without its secret).", ZMasterApiKey),
        403: forbidden(
          "The caller is not an admin of the organisation, or came with an organisation API key",
        ),
        404: notFound("The organisation or the key"),
      },
    },
  },
  ({ user, params, body }) => updateMasterApiKey(owner(user.id, params.organisationId), params.prefix, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    allowApiKey: false,
    permission,
    params,
    status: 204,
    openapi: {
      operationId: "revokeMasterApiKey",
      summary: "Revoke an organisation API key",
      description:
        "Organisation admins only, signed in or with an account token (not with an organisation API key). The key stops working at once and is no longer listed.",
      tag: "Organisation API keys",
      responses: {
        204: noContent("The key is revoked; requests with it get 401."),
        403: forbidden(
          "The caller is not an admin of the organisation, or came with an organisation API key",
        ),
        404: notFound("The organisation or the key"),
      },
    },
  },
  ({ user, params }) => revokeMasterApiKey(owner(user.id, params.organisationId), params.prefix),
);
