// GET /api/v1/multivariate/options/get-by-uuid/{uuid}/ — a multivariate option, by its uuid
import { withApi } from "@/lib/route/handler";
import { ZOptionUuidParams } from "@/lib/uuid/schemas";
import { getMultivariateOptionByUuid } from "@/lib/uuid/lookups";
import { optionOfUuid } from "@/lib/uuid/refs";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZMultivariateOption } from "@/lib/features/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: {
      project: "VIEW_PROJECT",
      of: async (c) => (await optionOfUuid(c.params.optionUuid)).projectId,
    },
    params: ZOptionUuidParams,
    openapi: {
      operationId: "getMultivariateOptionByUuid",
      summary: "Get a multivariate option by its uuid",
      description: "The same answer as the option by id under its feature.",
      tag: "Features",
      responses: {
        200: ok("The option.", ZMultivariateOption),
        403: forbidden("The caller lacks VIEW_PROJECT on the option's project"),
        404: notFound("The option"),
      },
    },
  },
  ({ user, params }) => getMultivariateOptionByUuid(user.id, params.optionUuid),
);
