// GET/POST /api/v1/projects/ — the caller's projects (?organisation=); create one in an organisation
import { withApi } from "@/lib/route/handler";
import { createProject, listProjects } from "@/lib/projects/projects";
import { ZProjectCreate, ZProjectListQuery } from "@/lib/projects/schemas";
import { forbidden, invalidQuery, ok } from "@/lib/openapi/shared";
import { ZProjectList } from "@/lib/projects/responses";
import { ZProject } from "@/lib/wire/project";

export const GET = withApi(
  {
    auth: "user",
    query: ZProjectListQuery,
    permission: { member: true },
    openapi: {
      operationId: "listProjects",
      summary: "List projects",
      description: "The projects of the caller's organisations (not paged).",
      tag: "Projects",
      responses: { 200: ok("The projects.", ZProjectList), 400: invalidQuery },
    },
  },
  ({ user, query }) => listProjects(user.id, query.organisation),
);
export const POST = withApi(
  {
    auth: "user",
    body: ZProjectCreate,
    status: 201,
    permission: { organisation: "CREATE_PROJECT", of: (c) => c.body.organisation, hidden: 403 },
    openapi: {
      operationId: "createProject",
      summary: "Create a project",
      tag: "Projects",
      bodyDocs: {
        name: "Name of the project.",
        hide_disabled_flags: "Whether SDKs receive only enabled flags (default false).",
        enable_realtime_updates: "Whether real-time flag updates are enabled (default false).",
        prevent_flag_defaults:
          "Whether new features start disabled and without a value in every environment (default false).",
        organisation: "Id of the organisation to create the project in.",
      },
      responses: {
        201: ok("The created project.", ZProject),
        403: forbidden("The caller is not a member of the organisation"),
      },
    },
  },
  ({ user, body }) => createProject(user.id, body),
);
