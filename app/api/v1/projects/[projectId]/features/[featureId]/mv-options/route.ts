// GET/POST /api/v1/projects/{id}/features/{id}/mv-options/ — a feature's multivariate options; add one
import { withApi } from "@/lib/route/handler";
import { ZPageQuery } from "@/lib/api/pagination";
import { createMultivariateOption, listMultivariateOptions } from "@/lib/features/mv-options";
import { ZFeatureParams, ZMultivariateOptionCreate } from "@/lib/features/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZMultivariateOption, ZMultivariateOptionPage } from "@/lib/features/responses";
import { ZBadRequest, ZErrorDetail } from "@/lib/api/response-schemas";

const params = ZFeatureParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params,
    query: ZPageQuery,
    openapi: {
      operationId: "listMultivariateOptions",
      summary: "List the multivariate options of a feature",
      description: "10 per page.",
      tag: "Features",
      responses: {
        200: ok("A page of options.", ZMultivariateOptionPage),
        404: ok(
          "The project or the feature does not exist or is not visible, or the page is past the end.",
          ZErrorDetail,
        ),
      },
    },
  },
  ({ user, params, query, request }) =>
    listMultivariateOptions({ userId: user.id, ...params }, request, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { project: "CREATE_FEATURE", of: (c) => c.params.projectId },
    params,
    body: ZMultivariateOptionCreate,
    status: 201,
    openapi: {
      operationId: "createMultivariateOption",
      summary: "Add a multivariate option",
      description: "The feature becomes MULTIVARIATE; every environment gets the option's default share.",
      tag: "Features",
      responses: {
        201: ok("The created option.", ZMultivariateOption),
        400: ok(
          "The body fails validation (errors by field), or is not valid JSON (`{detail}`). Shares above 100 in total are refused.",
          ZBadRequest,
        ),
        403: forbidden("The `feature` named in the body is not visible to the caller"),
        404: notFound("The project or the feature"),
      },
    },
  },
  ({ user, params, body }) => createMultivariateOption({ userId: user.id, ...params }, body),
);
