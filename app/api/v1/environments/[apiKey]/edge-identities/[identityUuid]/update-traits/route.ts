// PUT /api/v1/environments/{api_key}/edge-identities/{uuid}/update-traits/ — set one trait (null deletes it)
import { withApi } from "@/lib/route/handler";
import { updateEdgeTraits } from "@/lib/identities/edge-identities";
import { ZEdgeIdentityParams, ZEdgeTraitUpdate } from "@/lib/identities/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZEdgeTraitUpdated } from "@/lib/identities/edge-responses";
import { ZBadRequest } from "@/lib/api/response-schemas";

export const PUT = withApi(
  {
    auth: "user",
    permission: { environment: "MANAGE_IDENTITIES", of: (c) => c.params.apiKey },
    params: ZEdgeIdentityParams,
    body: ZEdgeTraitUpdate,
    openapi: {
      operationId: "updateEdgeIdentityTraits",
      summary: "Set a trait of an edge identity",
      description: "Stores the trait; `trait_value: null` deletes it.",
      tag: "Edge identities",
      responses: {
        200: ok("The trait as written.", ZEdgeTraitUpdated),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). Organisations that do not persist traits answer `{detail}`.",
          ZBadRequest,
        ),
        404: notFound("The environment or the identity"),
      },
    },
  },
  ({ user, params, body }) => updateEdgeTraits(user.id, params.apiKey, params.identityUuid, body),
);
