// GET /api/v1/organisations/{id}/flagsmith-export/ — download the organisation as a Flagsmith dump
import { withApi } from "@/lib/route/handler";
import { downloadDump } from "@/lib/migration/dump/service";
import { ZFlagsmithExportQuery, ZMigrationParams } from "@/lib/migration/schemas";
import { ZDumpDownload } from "@/lib/migration/responses";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZBadRequest } from "@/lib/api/response-schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { organisation: "ADMIN", of: (c) => c.params.organisationId },
    params: ZMigrationParams,
    query: ZFlagsmithExportQuery,
    openapi: {
      operationId: "exportFlagsmithDump",
      summary: "Download the organisation as a Flagsmith organisation dump",
      description:
        "The rows Flagsmith's `dumporganisationtolocalfs` writes, with its natural keys, as an attachment: projects, environments, tags, features with their options, segments with rules and conditions, feature segments, feature states with values and weights, identities and traits. Server-side keys are not written (Ensign keeps only their hashes).",
      tag: "Moving to Ensign",
      responses: {
        200: ok("The dump.", ZDumpDownload),
        400: ok("`keep_ids` is not a boolean.", ZBadRequest),
        403: forbidden("The caller is not an admin of the organisation"),
        404: notFound("The organisation"),
      },
    },
  },
  ({ user, params, query }) =>
    downloadDump(
      { userId: user.id, organisationId: params.organisationId },
      { keepIds: query.keep_ids ?? false },
    ),
);
