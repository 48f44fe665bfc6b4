// GET/POST /api/v1/environments/{apiKey}/user-permissions/ — user grants on this environment; grant
import { withApi } from "@/lib/route/handler";
import { createGrant, listGrants, environmentScope } from "@/lib/permissions/grants";
import { ZEnvironmentScopeParams, ZUserGrantWrite } from "@/lib/permissions/schemas";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZUserGrant, ZUserGrantList } from "@/lib/permissions/responses";

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
      operationId: "listUserEnvironmentPermissions",
      summary: "List user grants on an environment",
      tag: "Members and permissions",
      responses: {
        200: ok("The grants.", ZUserGrantList),
        403: forbidden("The caller is not an admin of the environment"),
        404: notFound("The environment"),
      },
    },
  },
  async ({ params }) => listGrants(await environmentScope(params.apiKey), "user"),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZUserGrantWrite,
    status: 201,
    openapi: {
      operationId: "createUserEnvironmentPermission",
      summary: "Grant a user permissions on an environment",
      description: "One grant per user; the keys must be environment keys.",
      tag: "Members and permissions",
      responses: {
        201: ok("The grant.", ZUserGrant),
        403: forbidden("The caller is not an admin of the environment"),
        404: notFound("The environment"),
      },
    },
  },
  async ({ params, body }) => createGrant(await environmentScope(params.apiKey), "user", body),
);
