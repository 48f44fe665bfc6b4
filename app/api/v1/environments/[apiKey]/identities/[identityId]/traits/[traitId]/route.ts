// GET/PUT/PATCH/DELETE /api/v1/environments/{api_key}/identities/{id}/traits/{trait_id}/ — one stored trait
import { withApi } from "@/lib/api/handler";
import { ZTraitDeleteQuery, ZTraitParams, ZTraitUpdate } from "@/lib/identities/schemas";
import { deleteTrait, getTrait, updateTrait } from "@/lib/identities/traits";

const params = ZTraitParams;

export const GET = withApi(
  { auth: "user", permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey }, params },
  ({ user, params }) => getTrait(user.id, params.apiKey, params.identityId, params.traitId),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZTraitUpdate,
  },
  ({ user, params, body }) => updateTrait(user.id, params.apiKey, params.identityId, params.traitId, body),
);
export const PATCH = PUT;
export const DELETE = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    query: ZTraitDeleteQuery,
    status: 204,
  },
  ({ user, params, query }) =>
    deleteTrait(user.id, params.apiKey, params.identityId, params.traitId, {
      allMatching: query.deleteAllMatchingTraits === "true" || query.deleteAllMatchingTraits === "True",
    }),
);
