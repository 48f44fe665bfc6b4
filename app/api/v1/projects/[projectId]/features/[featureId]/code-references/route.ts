// GET /api/v1/projects/{id}/features/{id}/code-references/ — where the feature is used in code
import { withApi } from "@/lib/route/handler";
import { listFeatureCodeReferences } from "@/lib/features/feature-code-references";
import { ZFeatureCodeReferencesParams } from "@/lib/code-references/schemas";
import { ZFeatureCodeReferences } from "@/lib/code-references/responses";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";

export const GET = withApi(
  {
    auth: "user",
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params: ZFeatureCodeReferencesParams,
    openapi: {
      operationId: "getFeatureCodeReferences",
      summary: "List a feature's code references",
      description:
        "Per repository whose latest scan found the feature: the file, line and a permalink of each place.",
      tag: "Code references",
      responses: {
        200: ok("The references, by repository.", ZFeatureCodeReferences),
        403: forbidden("The caller lacks VIEW_PROJECT"),
        404: notFound("The project or the feature"),
      },
    },
  },
  ({ user, params }) =>
    listFeatureCodeReferences({ userId: user.id, projectId: params.projectId, featureId: params.featureId }),
);
