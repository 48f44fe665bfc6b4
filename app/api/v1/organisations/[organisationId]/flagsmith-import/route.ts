// GET/POST /api/v1/organisations/{id}/flagsmith-import/ — import from Flagsmith's Admin API (organisation admins)
import { withApi } from "@/lib/route/handler";
import { getFlagsmithImportStatus, startFlagsmithImport } from "@/lib/migration/jobs";
import { ZFlagsmithImportCreate, ZMigrationParams } from "@/lib/migration/schemas";
import { ZImportRun, ZImportStatus } from "@/lib/migration/responses";
import { forbidden, invalidBody, notFound, ok } from "@/lib/openapi/shared";

const permission = {
  organisation: "ADMIN",
  of: (c: { params: { organisationId: number } }) => c.params.organisationId,
} as const;

export const GET = withApi(
  {
    auth: "user",
    permission,
    params: ZMigrationParams,
    openapi: {
      operationId: "getFlagsmithImport",
      summary: "Progress and report of the latest import and verification",
      tag: "Moving to Ensign",
      responses: {
        200: ok("The latest runs.", ZImportStatus),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params }) => getFlagsmithImportStatus({ userId: user.id, organisationId: params.organisationId }),
);

export const POST = withApi(
  {
    auth: "user",
    permission,
    params: ZMigrationParams,
    body: ZFlagsmithImportCreate,
    status: 202,
    openapi: {
      operationId: "startFlagsmithImport",
      summary: "Start (or resume) an import from Flagsmith",
      description:
        "Checks the source answers for the key, then imports in the background of the server; poll GET for progress. A second import updates what the first copied; an interrupted one resumes.",
      tag: "Moving to Ensign",
      responses: {
        202: ok("The run, started.", ZImportRun),
        400: invalidBody,
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params, body }) =>
    startFlagsmithImport({ userId: user.id, organisationId: params.organisationId }, body),
);
