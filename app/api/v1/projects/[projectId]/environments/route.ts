// GET /api/v1/projects/{id}/environments/ — the project's environments the caller may see
import { withApi } from "@/lib/route/handler";
import { listProjectEnvironments } from "@/lib/environments/environments";
import { ZEnvironmentList } from "@/lib/environments/responses";
import { ZProjectParams } from "@/lib/projects/schemas";
import { notFound, ok } from "@/lib/openapi/shared";

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params: ZProjectParams,
    openapi: {
      operationId: "listProjectEnvironments",
      summary: "List the environments of a project",
      description: "The environments of the project the caller may see, oldest first (not paged).",
      tag: "Environments",
      responses: { 200: ok("The environments.", ZEnvironmentList), 404: notFound("The project") },
    },
  },
  ({ user, params }) => listProjectEnvironments(user.id, params.projectId),
);
