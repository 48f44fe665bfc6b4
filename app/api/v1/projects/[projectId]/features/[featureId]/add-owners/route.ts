// POST /api/v1/projects/{id}/features/{id}/add-owners/ — add users (by id) as the feature's owners
import { withApi } from "@/lib/api/handler";
import { addFeatureOwners } from "@/lib/features/owners";
import { ZFeatureOwnersInput, ZFeatureParams } from "@/lib/features/schemas";

export const POST = withApi(
  {
    auth: "user",
    params: ZFeatureParams,
    body: ZFeatureOwnersInput,
    permission: { project: "CREATE_FEATURE", of: (c) => c.params.projectId },
  },
  ({ user, params, body }) => addFeatureOwners({ userId: user.id, ...params }, body),
);
