// GET /api/v1/projects/{projectId}/my-permissions/ — the caller's permissions on this project
import { withApi } from "@/lib/api/handler";
import { myProjectPermissions } from "@/lib/permissions/my-permissions";
import { ZProjectScopeParams } from "@/lib/permissions/schemas";

export const GET = withApi(
  { auth: "user", permission: { member: true }, params: ZProjectScopeParams },
  ({ user, params }) => myProjectPermissions(user.id, params.projectId),
);
