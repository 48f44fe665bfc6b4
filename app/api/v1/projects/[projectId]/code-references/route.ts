// POST /api/v1/projects/{id}/code-references/ — record a scan of a repository for flag names
import { withApi } from "@/lib/route/handler";
import { recordCodeReferencesScan } from "@/lib/code-references/scans";
import { ZCodeReferencesParams, ZCodeReferencesScan } from "@/lib/code-references/schemas";
import { ZCodeReferencesScanResult } from "@/lib/code-references/responses";
import { forbidden, invalidBody, notFound, ok } from "@/lib/openapi/shared";

export const POST = withApi(
  {
    auth: "user",
    // Flagsmith asks VIEW_PROJECT: a CI key that can read the project can report where its flags are used.
    permission: { project: "VIEW_PROJECT", of: (c) => c.params.projectId },
    params: ZCodeReferencesParams,
    body: ZCodeReferencesScan,
    status: 201,
    openapi: {
      operationId: "createCodeReferencesScan",
      summary: "Record a code references scan",
      description:
        "What Flagsmith's collect-code-references workflow uploads (`Authorization: Api-Key <key>`). For each feature the scan found, its references in the repository are replaced; features it did not find count 0 there from now on.",
      tag: "Code references",
      responses: {
        201: ok("The recorded scan.", ZCodeReferencesScanResult),
        400: invalidBody,
        403: forbidden("The caller lacks VIEW_PROJECT"),
        404: notFound("The project"),
      },
    },
  },
  ({ user, params, body }) =>
    recordCodeReferencesScan({ userId: user.id, projectId: params.projectId }, body),
);
