// POST /api/v1/projects/{id}/features/{id}/remove-group-owners/ — remove permission groups (by id) as the feature's owners
import { withApi } from "@/lib/api/handler";
import { removeFeatureGroupOwners } from "@/lib/features/group-owners";
import { ZFeatureGroupOwnersInput, ZFeatureParams } from "@/lib/features/schemas";

export const POST = withApi(
  {
    auth: "user",
    params: ZFeatureParams,
    body: ZFeatureGroupOwnersInput,
    permission: { project: "CREATE_FEATURE", of: (c) => c.params.projectId },
  },
  ({ user, params, body }) => removeFeatureGroupOwners({ userId: user.id, ...params }, body),
);
