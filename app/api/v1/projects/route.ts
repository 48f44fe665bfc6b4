// GET/POST /api/v1/projects/ — the caller's projects (?organisation=); create one in an organisation
import { withApi } from "@/lib/api/handler";
import { createProject, listProjects } from "@/lib/projects/projects";
import { ZProjectCreate, ZProjectListQuery } from "@/lib/projects/schemas";

export const GET = withApi(
  { auth: "user", query: ZProjectListQuery, permission: { member: true } },
  ({ user, query }) => listProjects(user.id, query.organisation),
);
export const POST = withApi(
  {
    auth: "user",
    body: ZProjectCreate,
    status: 201,
    permission: { organisation: "CREATE_PROJECT", of: (c) => c.body.organisation, hidden: 403 },
  },
  ({ user, body }) => createProject(user.id, body),
);
