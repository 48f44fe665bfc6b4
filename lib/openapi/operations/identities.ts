import { ZPageQuery } from "@/lib/api/pagination";
import {
  ZIdentityCreate,
  ZIdentityListParams,
  ZIdentityListQuery,
  ZIdentityParams,
  ZTraitCreate,
  ZTraitDeleteQuery,
  ZTraitParams,
  ZTraitUpdate,
} from "@/lib/identities/schemas";
import { ZIdentity, ZIdentityPage, ZTrait, ZTraitPage } from "../responses/identities";
import type { Operation } from "../types";
import { invalidBody, invalidPage, noContent, notAuthenticated, notFound, ok } from "./shared";

const tag = "Identities";
const identitiesPath = "/api/v1/environments/{apiKey}/identities/";
const identityPath = "/api/v1/environments/{apiKey}/identities/{identityId}/";
const traitsPath = `${identityPath}traits/`;
const traitPath = `${identityPath}traits/{traitId}/`;
const pageNotFound = (what: string) => ({
  ...invalidPage,
  description: `${what} does not exist or is not visible, or the page is past the end.`,
});
const duplicateIdentifier = {
  ...invalidBody,
  description: `${invalidBody.description} A taken identifier answers \`{"identifier": "Identity with identifier '…' already exists in this environment"}\`.`,
};
const traitErrors = {
  ...invalidBody,
  description:
    `${invalidBody.description} A key the identity already has is a \`trait_key\` error; ` +
    "organisations that do not persist traits answer `{detail}`.",
};

const identityWrite = {
  path: identityPath,
  tag,
  security: "token",
  params: ZIdentityParams,
  status: 200,
  responses: {
    200: ok("The updated identity.", ZIdentity),
    400: duplicateIdentifier,
    401: notAuthenticated,
    404: notFound("The environment or the identity"),
  },
} satisfies Omit<Operation, "method" | "operationId" | "summary">;

const traitWrite = {
  path: traitPath,
  tag,
  security: "token",
  params: ZTraitParams,
  body: ZTraitUpdate,
  status: 200,
  responses: {
    200: ok("The updated trait.", ZTrait),
    400: traitErrors,
    401: notAuthenticated,
    404: notFound("The environment, the identity or the trait"),
  },
} satisfies Omit<Operation, "method" | "operationId" | "summary">;

export const identityOperations: Operation[] = [
  {
    method: "get",
    path: identitiesPath,
    operationId: "listIdentities",
    summary: "List the identities of an environment",
    description: "Up to 999 per page; `q` searches identifiers.",
    tag,
    security: "token",
    params: ZIdentityListParams,
    query: ZIdentityListQuery,
    status: 200,
    responses: {
      200: ok("A page of identities.", ZIdentityPage),
      401: notAuthenticated,
      404: pageNotFound("The environment"),
    },
  },
  {
    method: "post",
    path: identitiesPath,
    operationId: "createIdentity",
    summary: "Create an identity",
    tag,
    security: "token",
    params: ZIdentityListParams,
    body: ZIdentityCreate,
    status: 201,
    responses: {
      201: ok("The created identity.", ZIdentity),
      400: duplicateIdentifier,
      401: notAuthenticated,
      404: notFound("The environment"),
    },
  },
  {
    method: "get",
    path: identityPath,
    operationId: "getIdentity",
    summary: "Get an identity",
    tag,
    security: "token",
    params: ZIdentityParams,
    status: 200,
    responses: {
      200: ok("The identity.", ZIdentity),
      401: notAuthenticated,
      404: notFound("The environment or the identity"),
    },
  },
  {
    ...identityWrite,
    method: "put",
    operationId: "updateIdentity",
    summary: "Rename an identity",
    body: ZIdentityCreate,
  },
  {
    ...identityWrite,
    method: "patch",
    operationId: "partialUpdateIdentity",
    summary: "Partially update an identity",
    body: ZIdentityCreate.partial(),
  },
  {
    method: "delete",
    path: identityPath,
    operationId: "deleteIdentity",
    summary: "Delete an identity",
    description: "Deletes the identity with its traits and overrides.",
    tag,
    security: "token",
    params: ZIdentityParams,
    status: 204,
    responses: {
      204: noContent("The identity is deleted."),
      401: notAuthenticated,
      404: notFound("The environment or the identity"),
    },
  },
  {
    method: "get",
    path: traitsPath,
    operationId: "listTraits",
    summary: "List the traits of an identity",
    description: "10 per page.",
    tag,
    security: "token",
    params: ZIdentityParams,
    query: ZPageQuery,
    status: 200,
    responses: {
      200: ok("A page of traits.", ZTraitPage),
      401: notAuthenticated,
      404: pageNotFound("The environment or the identity"),
    },
  },
  {
    method: "post",
    path: traitsPath,
    operationId: "createTrait",
    summary: "Add a trait to an identity",
    tag,
    security: "token",
    params: ZIdentityParams,
    body: ZTraitCreate,
    status: 201,
    responses: {
      201: ok("The stored trait.", ZTrait),
      400: traitErrors,
      401: notAuthenticated,
      404: notFound("The environment or the identity"),
    },
  },
  {
    method: "get",
    path: traitPath,
    operationId: "getTrait",
    summary: "Get a trait",
    tag,
    security: "token",
    params: ZTraitParams,
    status: 200,
    responses: {
      200: ok("The trait.", ZTrait),
      401: notAuthenticated,
      404: notFound("The environment, the identity or the trait"),
    },
  },
  { ...traitWrite, method: "put", operationId: "updateTrait", summary: "Update a trait" },
  { ...traitWrite, method: "patch", operationId: "partialUpdateTrait", summary: "Partially update a trait" },
  {
    method: "delete",
    path: traitPath,
    operationId: "deleteTrait",
    summary: "Delete a trait",
    description:
      "With `deleteAllMatchingTraits=true`, deletes the key from every identity of the environment.",
    tag,
    security: "token",
    params: ZTraitParams,
    query: ZTraitDeleteQuery,
    status: 204,
    responses: {
      204: noContent("The trait is deleted."),
      401: notAuthenticated,
      404: notFound("The environment, the identity or the trait"),
    },
  },
];
