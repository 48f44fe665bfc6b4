// GET/PUT/PATCH/DELETE /api/v1/environments/{api_key}/ — one environment and its settings
import { withApi } from "@/lib/api/handler";
import { deleteEnvironment, getEnvironment, updateEnvironment } from "@/lib/environments/environments";
import { ZEnvironmentParams, ZEnvironmentUpdate } from "@/lib/environments/schemas";

const params = ZEnvironmentParams;

export const GET = withApi({ auth: "user", params }, ({ user, params }) =>
  getEnvironment(user.id, params.apiKey),
);
export const PUT = withApi({ auth: "user", params, body: ZEnvironmentUpdate }, ({ user, params, body }) =>
  updateEnvironment(user.id, params.apiKey, body),
);
export const PATCH = PUT;
export const DELETE = withApi({ auth: "user", params, status: 204 }, ({ user, params }) =>
  deleteEnvironment(user.id, params.apiKey),
);
