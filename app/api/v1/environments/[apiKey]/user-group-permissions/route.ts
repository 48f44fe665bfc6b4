// GET/POST /api/v1/environments/{apiKey}/user-group-permissions/ — group grants on this environment; grant
import { withApi } from "@/lib/route/handler";
import { createGrant, listGrants, environmentScope } from "@/lib/permissions/grants";
import { ZEnvironmentScopeParams, ZGroupGrantWrite } from "@/lib/permissions/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZGroupGrant, ZGroupGrantList } from "@/lib/permissions/responses";

const permission = {
  environment: "ADMIN",
  of: (c: { params: { apiKey: string } }) => c.params.apiKey,
} as const;

const params = ZEnvironmentScopeParams;

export const GET = withApi(
  {
    auth: "user",
    permission,
    params,
    openapi: {
      operationId: "listGroupEnvironmentPermissions",
      summary: "List group grants on an environment",
      tag: "Members and permissions",
      responses: {
        200: ok("The grants.", ZGroupGrantList),
        403: forbidden("The caller is not an admin of the environment"),
        404: notFound("The environment"),
      },
    },
  },
  async ({ params }) => listGrants(await environmentScope(params.apiKey), "group"),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantWrite,
    status: 201,
    openapi: {
      operationId: "createGroupEnvironmentPermission",
      summary: "Grant a group permissions on an environment",
      description: "One grant per group; the keys must be environment keys.",
      tag: "Members and permissions",
      responses: {
        201: ok("The grant.", ZGroupGrant),
        403: forbidden("The caller is not an admin of the environment"),
        404: notFound("The environment"),
      },
    },
  },
  async ({ params, body }) => createGrant(await environmentScope(params.apiKey), "group", body),
);
