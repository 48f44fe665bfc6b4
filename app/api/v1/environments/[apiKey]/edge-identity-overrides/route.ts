// GET /api/v1/environments/{api_key}/edge-identity-overrides/ — every identity override of the environment (?feature=)
import { withApi } from "@/lib/route/handler";
import { listEnvironmentEdgeOverrides } from "@/lib/identities/edge-overrides";
import { ZEdgeOverrideListQuery, ZIdentityListParams } from "@/lib/identities/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZEnvironmentEdgeOverrides } from "@/lib/identities/edge-responses";
import { ZValidationErrors } from "@/lib/api/response-schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "VIEW_IDENTITIES", of: (c) => c.params.apiKey },
    params: ZIdentityListParams,
    query: ZEdgeOverrideListQuery,
    openapi: {
      operationId: "listEnvironmentIdentityOverrides",
      summary: "List every identity override of an environment",
      description: "`feature` limits the list to one feature.",
      tag: "Edge identities",
      responses: {
        200: ok("The overrides with their identities.", ZEnvironmentEdgeOverrides),
        400: ok("`feature` is not an integer.", ZValidationErrors),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params, query }) => listEnvironmentEdgeOverrides(user.id, params.apiKey, query),
);
