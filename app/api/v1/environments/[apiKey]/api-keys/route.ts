// GET/POST /api/v1/environments/{api_key}/api-keys/ — server-side SDK keys of an environment
import { withApi } from "@/lib/api/handler";
import { ZEnvironmentParams, ZServerKeyCreate } from "@/lib/environments/schemas";
import { createServerKey, listServerKeys } from "@/lib/environments/server-keys";

const params = ZEnvironmentParams;

export const GET = withApi(
  { auth: "user", permission: { environment: "ADMIN", of: (c) => c.params.apiKey }, params },
  ({ user, params }) => listServerKeys(user.id, params.apiKey),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "ADMIN", of: (c) => c.params.apiKey },
    params,
    body: ZServerKeyCreate,
    status: 201,
  },
  ({ user, params, body }) => createServerKey(user.id, params.apiKey, body),
);
