// GET/POST /api/v1/environments/{api_key}/edge-identities/ — identities by uuid, paged by last_evaluated_key
import { withApi } from "@/lib/route/handler";
import { createEdgeIdentity, listEdgeIdentities } from "@/lib/identities/edge-identities";
import { ZEdgeIdentityCreate, ZEdgeIdentityListQuery, ZIdentityListParams } from "@/lib/identities/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZEdgeIdentity, ZEdgeIdentityPage } from "@/lib/identities/edge-responses";
import { ZBadRequest, ZErrorList, ZValidationErrors } from "@/lib/api/response-schemas";
import { z } from "zod";

const params = ZIdentityListParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    query: ZEdgeIdentityListQuery,
    openapi: {
      operationId: "listEdgeIdentities",
      summary: "List edge identities",
      description: "Up to 100 per page; follow `last_evaluated_key` for the next page.",
      tag: "Edge identities",
      responses: {
        200: ok("A page of identities.", ZEdgeIdentityPage),
        400: ok("`page_size` or `last_evaluated_key` is invalid.", ZValidationErrors),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params, query }) => listEdgeIdentities(user.id, params.apiKey, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params,
    body: ZEdgeIdentityCreate,
    status: 201,
    openapi: {
      operationId: "createEdgeIdentity",
      summary: "Create an edge identity",
      tag: "Edge identities",
      responses: {
        201: ok("The created identity.", ZEdgeIdentity),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). A taken identifier answers a bare list of messages.",
          z.union([ZBadRequest, ZErrorList]),
        ),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params, body }) => createEdgeIdentity(user.id, params.apiKey, body),
);
