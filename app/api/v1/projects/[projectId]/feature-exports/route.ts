// GET /api/v1/projects/{id}/feature-exports/ — the project's feature exports, newest first
import { withApi } from "@/lib/route/handler";
import { listFeatureExports } from "@/lib/feature-exports/exports";
import { ZProjectExportsParams } from "@/lib/feature-exports/schemas";
import { ZFeatureExportPage } from "@/lib/feature-exports/responses";
import { ZPageQuery } from "@/lib/api/pagination";
import { forbidden, invalidPage, ok } from "@/lib/openapi/shared";

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params: ZProjectExportsParams,
    query: ZPageQuery,
    openapi: {
      operationId: "listFeatureExports",
      summary: "List the feature exports of a project",
      description: "Of the environments where the caller is an admin, newest first, 10 per page.",
      tag: "Features",
      responses: {
        200: ok("A page of feature exports.", ZFeatureExportPage),
        403: forbidden("The caller lacks VIEW_PROJECT"),
        404: invalidPage,
      },
    },
  },
  ({ user, params, request, query }) => listFeatureExports(user.id, params.projectId, request, query),
);
