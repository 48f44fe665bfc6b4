// GET/POST /api/v1/environments/{api_key}/api-keys/ — server-side SDK keys of an environment
import { withApi } from "@/lib/api/handler";
import { ZEnvironmentParams, ZServerKeyCreate } from "@/lib/environments/schemas";
import { createServerKey, listServerKeys } from "@/lib/environments/server-keys";

const permission = {
  environment: "ADMIN",
  of: (c: { params: { apiKey: string } }) => c.params.apiKey,
} as const;

const params = ZEnvironmentParams;

export const GET = withApi({ auth: "user", permission, params }, ({ user, params }) =>
  listServerKeys(user.id, params.apiKey),
);
export const POST = withApi(
  {
    auth: "user",
    permission,
    params,
    body: ZServerKeyCreate,
    status: 201,
  },
  ({ user, params, body }) => createServerKey(user.id, params.apiKey, body),
);
