// GET /api/v1/projects/get-by-uuid/{uuid}/ — a project, by its uuid
import { withApi } from "@/lib/route/handler";
import { ZProjectUuidParams } from "@/lib/uuid/schemas";
import { getProjectByUuid } from "@/lib/uuid/lookups";
import { projectIdOfUuid } from "@/lib/uuid/refs";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZProject } from "@/lib/wire/project";

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => projectIdOfUuid(c.params.projectUuid) },
    params: ZProjectUuidParams,
    openapi: {
      operationId: "getProjectByUuid",
      summary: "Get a project by its uuid",
      description: "The same answer as the project by id.",
      tag: "Projects",
      responses: {
        200: ok("The project.", ZProject),
        403: forbidden("The caller lacks VIEW_PROJECT on the project"),
        404: notFound("The project"),
      },
    },
  },
  ({ user, params }) => getProjectByUuid(user.id, params.projectUuid),
);
