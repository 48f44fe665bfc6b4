import {
  ZMasterApiKeyCreate,
  ZMasterApiKeyParams,
  ZMasterApiKeysParams,
  ZMasterApiKeyUpdate,
} from "@/lib/master-api-keys/schemas";
import { ZMasterApiKey, ZMasterApiKeyList } from "../responses/master-api-keys";
import type { Operation } from "../types";
import { forbidden, invalidBody, noContent, notAuthenticated, notFound, ok } from "./shared";

const tag = "Organisation API keys" as const;
const listPath = "/api/v1/organisations/{organisationId}/master-api-keys/";
const path = `${listPath}{prefix}/`;
const base = { tag, security: "token" as const };
const adminsOnly = forbidden(
  "The caller is not an admin of the organisation, or came with an organisation API key",
);
const note =
  "Organisation admins only, signed in or with an account token (not with an organisation API key).";

const update = (method: "put" | "patch"): Operation => ({
  ...base,
  method,
  path,
  operationId: method === "put" ? "updateMasterApiKey" : "partialUpdateMasterApiKey",
  summary: method === "put" ? "Update an organisation API key" : "Partially update an organisation API key",
  description: `${note} \`revoked: true\` revokes the key for good. Fields left out keep their value.`,
  params: ZMasterApiKeyParams,
  body: method === "put" ? ZMasterApiKeyCreate : ZMasterApiKeyUpdate,
  status: 200,
  responses: {
    200: ok("The key (without its secret).", ZMasterApiKey),
    400: invalidBody,
    401: notAuthenticated,
    403: adminsOnly,
    404: notFound("The organisation or the key"),
  },
});

export const masterApiKeyOperations: Operation[] = [
  {
    ...base,
    method: "get",
    path: listPath,
    operationId: "listMasterApiKeys",
    summary: "List the organisation API keys",
    description: note,
    params: ZMasterApiKeysParams,
    status: 200,
    responses: {
      200: ok("The keys, without their secrets.", ZMasterApiKeyList),
      401: notAuthenticated,
      403: adminsOnly,
      404: notFound("The organisation"),
    },
  },
  {
    ...base,
    method: "post",
    path: listPath,
    operationId: "createMasterApiKey",
    summary: "Create an organisation API key",
    description: `${note} The answer's \`key\` is the only time the key is shown: only its hash is stored.`,
    params: ZMasterApiKeysParams,
    body: ZMasterApiKeyCreate,
    status: 201,
    responses: {
      201: ok("The created key, with `key` set.", ZMasterApiKey),
      400: invalidBody,
      401: notAuthenticated,
      403: adminsOnly,
      404: notFound("The organisation"),
    },
  },
  {
    ...base,
    method: "get",
    path,
    operationId: "getMasterApiKey",
    summary: "Get an organisation API key",
    description: note,
    params: ZMasterApiKeyParams,
    status: 200,
    responses: {
      200: ok("The key, without its secret.", ZMasterApiKey),
      401: notAuthenticated,
      403: adminsOnly,
      404: notFound("The organisation or the key"),
    },
  },
  update("put"),
  update("patch"),
  {
    ...base,
    method: "delete",
    path,
    operationId: "revokeMasterApiKey",
    summary: "Revoke an organisation API key",
    description: `${note} The key stops working at once and is no longer listed.`,
    params: ZMasterApiKeyParams,
    status: 204,
    responses: {
      204: noContent("The key is revoked; requests with it get 401."),
      401: notAuthenticated,
      403: adminsOnly,
      404: notFound("The organisation or the key"),
    },
  },
];
