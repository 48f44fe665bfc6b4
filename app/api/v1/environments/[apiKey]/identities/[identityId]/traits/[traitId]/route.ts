// GET/PUT/PATCH/DELETE /api/v1/environments/{api_key}/identities/{id}/traits/{trait_id}/ — one stored trait
import { withApi, withDocs } from "@/lib/route/handler";
import { ZTraitDeleteQuery, ZTraitParams, ZTraitUpdate } from "@/lib/identities/schemas";
import { deleteTrait, getTrait, updateTrait } from "@/lib/identities/traits";
import { noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZTrait } from "@/lib/identities/responses";
import { ZBadRequest } from "@/lib/api/response-schemas";

const params = ZTraitParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    openapi: {
      operationId: "getTrait",
      summary: "Get a trait",
      tag: "Identities",
      responses: {
        200: ok("The trait.", ZTrait),
        404: notFound("The environment, the identity or the trait"),
      },
    },
  },
  ({ user, params }) => getTrait(user.id, params.apiKey, params.identityId, params.traitId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZTraitUpdate,
    openapi: {
      operationId: "updateTrait",
      summary: "Update a trait",
      tag: "Identities",
      responses: {
        200: ok("The updated trait.", ZTrait),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). A key the identity already has is a `trait_key` error; organisations that do not persist traits answer `{detail}`.",
          ZBadRequest,
        ),
        404: notFound("The environment, the identity or the trait"),
      },
    },
  },
  ({ user, params, body }) => updateTrait(user.id, params.apiKey, params.identityId, params.traitId, body),
);
export const PATCH = withDocs(PUT, {
  operationId: "partialUpdateTrait",
  summary: "Partially update a trait",
});
export const DELETE = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    query: ZTraitDeleteQuery,
    status: 204,
    openapi: {
      operationId: "deleteTrait",
      summary: "Delete a trait",
      description:
        "With `deleteAllMatchingTraits=true`, deletes the key from every identity of the environment.",
      tag: "Identities",
      responses: {
        204: noContent("The trait is deleted."),
        404: notFound("The environment, the identity or the trait"),
      },
    },
  },
  ({ user, params, query }) =>
    deleteTrait(user.id, params.apiKey, params.identityId, params.traitId, {
      allMatching: query.deleteAllMatchingTraits === "true" || query.deleteAllMatchingTraits === "True",
    }),
);
