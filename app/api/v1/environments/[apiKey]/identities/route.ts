// GET/POST /api/v1/environments/{api_key}/identities/ — an environment's identities (search with ?q=)
import { withApi } from "@/lib/route/handler";
import { createIdentity, listIdentities } from "@/lib/identities/identities";
import { ZIdentityCreate, ZIdentityListParams, ZIdentityListQuery } from "@/lib/identities/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZIdentity, ZIdentityPage } from "@/lib/identities/responses";
import { ZBadRequest, ZErrorDetail } from "@/lib/api/response-schemas";

const params = ZIdentityListParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    query: ZIdentityListQuery,
    openapi: {
      operationId: "listIdentities",
      summary: "List the identities of an environment",
      description: "Up to 999 per page; `q` searches identifiers.",
      tag: "Identities",
      responses: {
        200: ok("A page of identities.", ZIdentityPage),
        404: ok(
          "The environment does not exist or is not visible, or the page is past the end.",
          ZErrorDetail,
        ),
      },
    },
  },
  ({ user, params, query, request }) => listIdentities(user.id, request, params.apiKey, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZIdentityCreate,
    status: 201,
    openapi: {
      operationId: "createIdentity",
      summary: "Create an identity",
      tag: "Identities",
      responses: {
        201: ok("The created identity.", ZIdentity),
        400: ok(
          'The body fails validation (errors by field), or is not valid JSON (`{detail}`). A taken identifier answers `{"identifier": "Identity with identifier \'…\' already exists in this environment"}`.',
          ZBadRequest,
        ),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params, body }) => createIdentity(user.id, params.apiKey, body),
);
