// POST /api/v1/projects/{id}/features/{id}/remove-group-owners/ — remove permission groups (by id) as the feature's owners
import { withApi } from "@/lib/route/handler";
import { removeFeatureGroupOwners } from "@/lib/features/group-owners";
import { ZFeatureGroupOwnersInput, ZFeatureParams } from "@/lib/features/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZOwnedFeature } from "@/lib/features/responses";
import { ZErrorList, ZValidationErrors } from "@/lib/api/response-schemas";
import { z } from "zod";

export const POST = withApi(
  {
    auth: "user",
    params: ZFeatureParams,
    body: ZFeatureGroupOwnersInput,
    permission: { project: "CREATE_FEATURE", of: (c) => c.params.projectId },
    openapi: {
      operationId: "removeFeatureGroupOwners",
      summary: "Remove group owners from a feature",
      description: "Groups that are not owners are ignored.",
      tag: "Features",
      responses: {
        200: ok("The feature with its owners.", ZOwnedFeature),
        400: ok(
          "The body is invalid (field errors), or a group is unknown or of another organisation (a bare list).",
          z.union([ZValidationErrors, ZErrorList]),
        ),
        404: notFound("The project or the feature"),
      },
    },
  },
  ({ user, params, body }) => removeFeatureGroupOwners({ userId: user.id, ...params }, body),
);
