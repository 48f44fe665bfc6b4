// GET /api/v1/projects/{id}/tags/get-by-uuid/{uuid}/ — one tag of the project, by its uuid
import { withApi } from "@/lib/api/handler";
import { ZTagUuidParams } from "@/lib/tags/schemas";
import { getTagByUuid } from "@/lib/tags/tags";

export const GET = withApi(
  {
    auth: "user",
    params: ZTagUuidParams,
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
  },
  ({ user, params }) => getTagByUuid({ userId: user.id, projectId: params.projectId }, params.tagUuid),
);
