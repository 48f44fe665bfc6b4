// GET/POST /api/v1/environments/{apiKey}/user-group-permissions/ — group grants on this environment; grant
import { withApi } from "@/lib/api/handler";
import { createGrant, listGrants, environmentScope } from "@/lib/permissions/grants";
import { ZEnvironmentScopeParams, ZGroupGrantWrite } from "@/lib/permissions/schemas";

const permission = {
  environment: "ADMIN",
  of: (c: { params: { apiKey: string } }) => c.params.apiKey,
} as const;

const params = ZEnvironmentScopeParams;

export const GET = withApi({ auth: "user", permission, params }, async ({ params }) =>
  listGrants(await environmentScope(params.apiKey), "group"),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZGroupGrantWrite,
    status: 201,
  },
  async ({ params, body }) => createGrant(await environmentScope(params.apiKey), "group", body),
);
