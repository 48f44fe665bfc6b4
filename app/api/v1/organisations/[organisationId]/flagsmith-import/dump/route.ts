// POST /api/v1/organisations/{id}/flagsmith-import/dump/ — import a Flagsmith organisation dump (multipart)
import { withApi } from "@/lib/route/handler";
import { importDumpUpload } from "@/lib/migration/dump/service";
import { ZMigrationParams } from "@/lib/migration/schemas";
import { ZImportRun } from "@/lib/migration/responses";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZBadRequest } from "@/lib/api/response-schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params: ZMigrationParams,
    status: 201,
    openapi: {
      operationId: "importFlagsmithDump",
      summary: "Import a Flagsmith organisation dump file",
      description:
        "A `multipart/form-data` body with `file`: the JSON that Flagsmith's `dumporganisationtolocalfs` command writes (at most 1,000,000 bytes here; the command line takes larger files). Every row and reference is checked first, then everything is written in one transaction: a bad file writes nothing. Environments keep their client-side keys. A second import of the same organisation's dump updates what the first made.",
      tag: "Moving to Ensign",
      responses: {
        201: ok("The import, done, with its report.", ZImportRun),
        400: ok(
          "No file, a file too large, not UTF-8, not JSON, not of the dump's shape, or a row that names an object the file does not hold (`file`).",
          ZBadRequest,
        ),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params, request }) =>
    importDumpUpload({ userId: user.id, organisationId: params.organisationId }, request),
);
