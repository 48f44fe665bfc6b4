// GET /api/v1/projects/{id}/feature-imports/ — the project's feature imports, newest first
import { withApi } from "@/lib/route/handler";
import { listFeatureImports } from "@/lib/feature-exports/imports";
import { ZProjectExportsParams } from "@/lib/feature-exports/schemas";
import { ZFeatureImportPage } from "@/lib/feature-exports/responses";
import { ZPageQuery } from "@/lib/api/pagination";
import { forbidden, invalidPage, ok } from "@/lib/openapi/shared";

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params: ZProjectExportsParams,
    query: ZPageQuery,
    openapi: {
      operationId: "listFeatureImports",
      summary: "List the feature imports of a project",
      description: "Of the environments where the caller is an admin, newest first, 10 per page.",
      tag: "Features",
      responses: {
        200: ok("A page of feature imports.", ZFeatureImportPage),
        403: forbidden("The caller lacks VIEW_PROJECT"),
        404: invalidPage,
      },
    },
  },
  ({ user, params, request, query }) => listFeatureImports(user.id, params.projectId, request, query),
);
