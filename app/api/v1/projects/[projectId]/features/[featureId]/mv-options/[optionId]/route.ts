// GET/PUT/PATCH/DELETE /api/v1/projects/{id}/features/{id}/mv-options/{id}/ — one multivariate option
import { withApi } from "@/lib/api/handler";
import {
  deleteMultivariateOption,
  getMultivariateOption,
  updateMultivariateOption,
} from "@/lib/features/mv-options";
import { ZMultivariateOptionCreate, ZMultivariateOptionParams } from "@/lib/features/schemas";

const params = ZMultivariateOptionParams;

export const GET = withApi(
  { auth: "user", permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId }, params },
  ({ user, params }) => getMultivariateOption({ userId: user.id, ...params }),
);
export const PUT = withApi(
  {
    auth: "user",
    permission: { project: "CREATE_FEATURE", of: (c) => c.params.projectId },
    params,
    body: ZMultivariateOptionCreate,
  },
  ({ user, params, body }) => updateMultivariateOption({ userId: user.id, ...params }, body),
);
export const PATCH = PUT;
export const DELETE = withApi(
  {
    auth: "user",
    permission: { project: "CREATE_FEATURE", of: (c) => c.params.projectId },
    params,
    status: 204,
  },
  ({ user, params }) => deleteMultivariateOption({ userId: user.id, ...params }),
);
