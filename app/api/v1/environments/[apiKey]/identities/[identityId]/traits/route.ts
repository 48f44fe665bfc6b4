// GET/POST /api/v1/environments/{api_key}/identities/{id}/traits/ — an identity's stored traits
import { ZPageQuery } from "@/lib/api/pagination";
import { withApi } from "@/lib/route/handler";
import { ZIdentityParams, ZTraitCreate } from "@/lib/identities/schemas";
import { createTrait, listTraits } from "@/lib/identities/traits";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZTrait, ZTraitPage } from "@/lib/identities/responses";
import { ZBadRequest, ZErrorDetail } from "@/lib/api/response-schemas";

const params = ZIdentityParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    query: ZPageQuery,
    openapi: {
      operationId: "listTraits",
      summary: "List the traits of an identity",
      description: "10 per page.",
      tag: "Identities",
      responses: {
        200: ok("A page of traits.", ZTraitPage),
        404: ok(
          "The environment or the identity does not exist or is not visible, or the page is past the end.",
          ZErrorDetail,
        ),
      },
    },
  },
  ({ user, params, query, request }) => listTraits(user.id, request, params.apiKey, params.identityId, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZTraitCreate,
    status: 201,
    openapi: {
      operationId: "createTrait",
      summary: "Add a trait to an identity",
      tag: "Identities",
      responses: {
        201: ok("The stored trait.", ZTrait),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). A key the identity already has is a `trait_key` error; organisations that do not persist traits answer `{detail}`.",
          ZBadRequest,
        ),
        404: notFound("The environment or the identity"),
      },
    },
  },
  ({ user, params, body }) => createTrait(user.id, params.apiKey, params.identityId, body),
);
