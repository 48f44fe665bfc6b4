// GET /api/v1/projects/{id}/tags/get-by-uuid/{uuid}/ — one tag of the project, by its uuid
import { withApi } from "@/lib/route/handler";
import { ZTagUuidParams } from "@/lib/tags/schemas";
import { getTagByUuid } from "@/lib/tags/tags";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZTag } from "@/lib/tags/responses";

export const GET = withApi(
  {
    auth: "user",
    params: ZTagUuidParams,
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    openapi: {
      operationId: "getTagByUuid",
      summary: "Get a tag by its uuid",
      tag: "Tags",
      responses: { 200: ok("The tag.", ZTag), 404: notFound("The project or the tag") },
    },
  },
  ({ user, params }) => getTagByUuid({ userId: user.id, projectId: params.projectId }, params.tagUuid),
);
