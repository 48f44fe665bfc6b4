// POST /api/v1/projects/{id}/features/{id}/remove-owners/ — remove users (by id) as the feature's owners
import { withApi } from "@/lib/route/handler";
import { removeFeatureOwners } from "@/lib/features/owners";
import { ZFeatureOwnersInput, ZFeatureParams } from "@/lib/features/schemas";
import { notFound, ok } from "@/lib/openapi/shared";
import { ZOwnedFeature } from "@/lib/features/responses";
import { ZErrorList, ZValidationErrors } from "@/lib/api/response-schemas";
import { z } from "zod";

export const POST = withApi(
  {
    auth: "user",
    params: ZFeatureParams,
    body: ZFeatureOwnersInput,
    permission: { project: "CREATE_FEATURE", of: (c) => c.params.projectId },
    openapi: {
      operationId: "removeFeatureOwners",
      summary: "Remove owners from a feature",
      description: "Users that are not owners are ignored.",
      tag: "Features",
      responses: {
        200: ok("The feature with its owners.", ZOwnedFeature),
        400: ok(
          "The body is invalid (field errors), or a user is not a member (a bare list).",
          z.union([ZValidationErrors, ZErrorList]),
        ),
        404: notFound("The project or the feature"),
      },
    },
  },
  ({ user, params, body }) => removeFeatureOwners({ userId: user.id, ...params }, body),
);
