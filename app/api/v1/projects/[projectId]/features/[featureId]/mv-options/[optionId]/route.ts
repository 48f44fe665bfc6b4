// GET/PUT/PATCH/DELETE /api/v1/projects/{id}/features/{id}/mv-options/{id}/ — one multivariate option
import { withApi, withDocs } from "@/lib/route/handler";
import {
  deleteMultivariateOption,
  getMultivariateOption,
  updateMultivariateOption,
} from "@/lib/features/mv-options";
import { ZMultivariateOptionCreate, ZMultivariateOptionParams } from "@/lib/features/schemas";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import { ZMultivariateOption } from "@/lib/features/responses";

const params = ZMultivariateOptionParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params,
    openapi: {
      operationId: "getMultivariateOption",
      summary: "Get a multivariate option",
      tag: "Features",
      responses: {
        200: ok("The option.", ZMultivariateOption),
        404: notFound("The project, the feature or the option"),
      },
    },
  },
  ({ user, params }) => getMultivariateOption({ userId: user.id, ...params }),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { project: "CREATE_FEATURE", of: (c) => c.params.projectId },
    params,
    body: ZMultivariateOptionCreate,
    openapi: {
      operationId: "updateMultivariateOption",
      summary: "Update a multivariate option",
      tag: "Features",
      responses: {
        200: ok("The updated option.", ZMultivariateOption),
        403: forbidden("The `feature` named in the body is not visible to the caller"),
        404: notFound("The project, the feature or the option"),
      },
    },
  },
  ({ user, params, body }) => updateMultivariateOption({ userId: user.id, ...params }, body),
);
export const PATCH = withDocs(PUT, {
  operationId: "partialUpdateMultivariateOption",
  summary: "Partially update a multivariate option",
});
export const DELETE = withApi(
  {
    auth: "user",
    permission: { project: "CREATE_FEATURE", of: (c) => c.params.projectId },
    params,
    status: 204,
    openapi: {
      operationId: "deleteMultivariateOption",
      summary: "Delete a multivariate option",
      description: "The feature becomes STANDARD again when its last option goes.",
      tag: "Features",
      responses: {
        204: noContent("The option is deleted."),
        404: notFound("The project, the feature or the option"),
      },
    },
  },
  ({ user, params }) => deleteMultivariateOption({ userId: user.id, ...params }),
);
