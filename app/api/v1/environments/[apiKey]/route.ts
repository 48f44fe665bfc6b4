// GET/PUT/PATCH/DELETE /api/v1/environments/{api_key}/ — one environment and its settings
import { withApi } from "@/lib/api/handler";
import { deleteEnvironment, getEnvironment, updateEnvironment } from "@/lib/environments/environments";
import { ZEnvironmentParams, ZEnvironmentUpdate } from "@/lib/environments/schemas";

const params = ZEnvironmentParams;

export const GET = withApi(
  { auth: "user", permission: { environment: "VIEW_ENVIRONMENT", of: (c) => c.params.apiKey }, params },
  ({ user, params }) => getEnvironment(user.id, params.apiKey),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { environment: "ADMIN", of: (c) => c.params.apiKey },
    params,
    body: ZEnvironmentUpdate,
  },
  ({ user, params, body }) => updateEnvironment(user.id, params.apiKey, body),
);
export const PATCH = PUT;
export const DELETE = withApi(
  { auth: "user", permission: { environment: "ADMIN", of: (c) => c.params.apiKey }, params, status: 204 },
  ({ user, params }) => deleteEnvironment(user.id, params.apiKey),
);
