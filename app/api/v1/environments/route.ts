// GET/POST /api/v1/environments/ — a project's environments (?project= required); create one
import { withApi } from "@/lib/api/handler";
import { createEnvironment, listEnvironments } from "@/lib/environments/environments";
import { ZEnvironmentCreate, ZEnvironmentListQuery } from "@/lib/environments/schemas";

export const GET = withApi(
  { auth: "user", permission: { member: true }, query: ZEnvironmentListQuery },
  ({ user, request, query }) => listEnvironments(user.id, request, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { project: "CREATE_ENVIRONMENT", of: (c) => c.body.project, hidden: 403 },
    body: ZEnvironmentCreate,
    status: 201,
  },
  ({ user, body }) => createEnvironment(user.id, body),
);
