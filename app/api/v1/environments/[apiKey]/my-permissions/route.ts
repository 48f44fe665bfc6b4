// GET /api/v1/environments/{apiKey}/my-permissions/ — the caller's permissions on this environment
import { withApi } from "@/lib/route/handler";
import { myEnvironmentPermissions } from "@/lib/permissions/my-permissions";
import { ZEnvironmentScopeParams } from "@/lib/permissions/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZMyPermissions } from "@/lib/permissions/responses";

export const GET = withApi(
  {
    auth: "user",
    permission: { member: true },
    params: ZEnvironmentScopeParams,
    openapi: {
      operationId: "getMyEnvironmentPermissions",
      summary: "Get the caller's permissions on an environment",
      description: "Through the caller's own grants, their groups' grants and admin roles.",
      tag: "Members and permissions",
      responses: { 200: ok("The permissions.", ZMyPermissions), 404: notFound("The environment") },
    },
  },
  ({ user, params }) => myEnvironmentPermissions(user.id, params.apiKey),
);
