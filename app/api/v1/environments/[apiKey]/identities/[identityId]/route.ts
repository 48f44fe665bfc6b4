// GET/PUT/PATCH/DELETE /api/v1/environments/{api_key}/identities/{id}/ — one identity; DELETE takes its traits and overrides
import { withApi } from "@/lib/route/handler";
import { deleteIdentity, getIdentity, updateIdentity } from "@/lib/identities/identities";
import { ZIdentityCreate, ZIdentityParams } from "@/lib/identities/schemas";
import { noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZIdentity } from "@/lib/identities/responses";
import { ZBadRequest } from "@/lib/api/response-schemas";

const params = ZIdentityParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    openapi: {
      operationId: "getIdentity",
      summary: "Get an identity",
      tag: "Identities",
      responses: { 200: ok("The identity.", ZIdentity), 404: notFound("The environment or the identity") },
    },
  },
  ({ user, params }) => getIdentity(user.id, params.apiKey, params.identityId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZIdentityCreate,
    openapi: {
      operationId: "updateIdentity",
      summary: "Rename an identity",
      tag: "Identities",
      responses: {
        200: ok("The updated identity.", ZIdentity),
        400: ok(
          'The body fails validation (errors by field), or is not valid JSON (`{detail}`). A taken identifier answers `{"identifier": "Identity with identifier \'…\' already exists in this environment"}`.',
          ZBadRequest,
        ),
        404: notFound("The environment or the identity"),
      },
    },
  },
  ({ user, params, body }) => updateIdentity(user.id, params.apiKey, params.identityId, body),
);
export const PATCH = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZIdentityCreate.partial(),
    openapi: {
      operationId: "partialUpdateIdentity",
      summary: "Partially update an identity",
      tag: "Identities",
      responses: {
        200: ok("The updated identity.", ZIdentity),
        400: ok(
          'The body fails validation (errors by field), or is not valid JSON (`{detail}`). A taken identifier answers `{"identifier": "Identity with identifier \'…\' already exists in this environment"}`.',
          ZBadRequest,
        ),
        404: notFound("The environment or the identity"),
      },
    },
  },
  ({ user, params, body }) => updateIdentity(user.id, params.apiKey, params.identityId, body),
);
export const DELETE = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    status: 204,
    openapi: {
      operationId: "deleteIdentity",
      summary: "Delete an identity",
      description: "Deletes the identity with its traits and overrides.",
      tag: "Identities",
      responses: {
        204: noContent("The identity is deleted."),
        404: notFound("The environment or the identity"),
      },
    },
  },
  ({ user, params }) => deleteIdentity(user.id, params.apiKey, params.identityId),
);
