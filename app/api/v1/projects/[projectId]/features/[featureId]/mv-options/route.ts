// GET/POST /api/v1/projects/{id}/features/{id}/mv-options/ — a feature's multivariate options; add one
import { withApi } from "@/lib/api/handler";
import { ZPageQuery } from "@/lib/api/pagination";
import { createMultivariateOption, listMultivariateOptions } from "@/lib/features/mv-options";
import { ZFeatureParams, ZMultivariateOptionCreate } from "@/lib/features/schemas";

const params = ZFeatureParams;

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params,
    query: ZPageQuery,
  },
  ({ user, params, query, request }) =>
    listMultivariateOptions({ userId: user.id, ...params }, request, query),
);
export const POST = withApi(
  {
    auth: "user",
    permission: { project: "CREATE_FEATURE", of: (c) => c.params.projectId },
    params,
    body: ZMultivariateOptionCreate,
    status: 201,
  },
  ({ user, params, body }) => createMultivariateOption({ userId: user.id, ...params }, body),
);
