import {
  ZEnvironmentParams,
  ZServerKeyCreate,
  ZServerKeyParams,
  ZServerKeyUpdate,
} from "@/lib/environments/schemas";
import { ZServerKey, ZServerKeyList } from "../responses/environments";
import type { FieldDocs, Operation } from "../types";
import { invalidBody, noContent, notAuthenticated, notFound, ok } from "./shared";

const tag = "Server-side keys";
const listPath = "/api/v1/environments/{apiKey}/api-keys/";
const path = "/api/v1/environments/{apiKey}/api-keys/{keyId}/";
const keyDocs: FieldDocs = {
  name: "Name of the key.",
  expires_at: "When the key stops being accepted (ISO 8601 with offset); null for never.",
  active: "Whether the key is accepted (default true).",
};
const update = {
  path,
  tag,
  security: "token",
  params: ZServerKeyParams,
  body: ZServerKeyUpdate,
  bodyDocs: keyDocs,
  status: 200,
  responses: {
    200: ok("The updated key.", ZServerKey),
    400: invalidBody,
    401: notAuthenticated,
    404: notFound("The environment or the key"),
  },
} satisfies Omit<Operation, "method" | "operationId" | "summary">;

export const serverKeyOperations: Operation[] = [
  {
    method: "get",
    path: listPath,
    operationId: "listServerKeys",
    summary: "List the server-side keys of an environment",
    tag,
    security: "token",
    params: ZEnvironmentParams,
    status: 200,
    responses: {
      200: ok("The keys (not paged).", ZServerKeyList),
      401: notAuthenticated,
      404: notFound("The environment"),
    },
  },
  {
    method: "post",
    path: listPath,
    operationId: "createServerKey",
    summary: "Create a server-side key",
    tag,
    security: "token",
    params: ZEnvironmentParams,
    body: ZServerKeyCreate,
    bodyDocs: keyDocs,
    status: 201,
    responses: {
      201: ok("The created key.", ZServerKey),
      400: invalidBody,
      401: notAuthenticated,
      404: notFound("The environment"),
    },
  },
  {
    method: "get",
    path,
    operationId: "getServerKey",
    summary: "Get a server-side key",
    tag,
    security: "token",
    params: ZServerKeyParams,
    status: 200,
    responses: {
      200: ok("The key.", ZServerKey),
      401: notAuthenticated,
      404: notFound("The environment or the key"),
    },
  },
  { ...update, method: "put", operationId: "updateServerKey", summary: "Update a server-side key" },
  {
    ...update,
    method: "patch",
    operationId: "partialUpdateServerKey",
    summary: "Partially update a server-side key",
  },
  {
    method: "delete",
    path,
    operationId: "revokeServerKey",
    summary: "Revoke a server-side key",
    tag,
    security: "token",
    params: ZServerKeyParams,
    status: 204,
    responses: {
      204: noContent("The key is deleted; SDKs using it get 403."),
      401: notAuthenticated,
      404: notFound("The environment or the key"),
    },
  },
];
