// GET /api/v1/environments/{apiKey}/my-permissions/ — the caller's permissions on this environment
import { withApi } from "@/lib/api/handler";
import { myEnvironmentPermissions } from "@/lib/permissions/my-permissions";
import { ZEnvironmentScopeParams } from "@/lib/permissions/schemas";

export const GET = withApi(
  { auth: "user", permission: { member: true }, params: ZEnvironmentScopeParams },
  ({ user, params }) => myEnvironmentPermissions(user.id, params.apiKey),
);
