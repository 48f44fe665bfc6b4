// GET /api/v1/environments/{api_key}/trait-keys/ — the trait keys the environment's identities hold
import { withApi } from "@/lib/route/handler";
import { listTraitKeys, ZTraitKeys } from "@/lib/identities/trait-keys";
import { ZEnvironmentParams } from "@/lib/environments/schemas";
import { notFound, ok } from "@/lib/openapi/shared";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey },
    params: ZEnvironmentParams,
    openapi: {
      operationId: "listEnvironmentTraitKeys",
      summary: "List the trait keys of an environment",
      description:
        "Each trait key held by at least one identity of the environment, once: the names a segment condition can match on.",
      tag: "Environments",
      responses: {
        200: ok("The trait keys.", ZTraitKeys),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params }) => listTraitKeys(user.id, params.apiKey),
);
