// POST /api/v1/features/feature-import/{environment_id} — import a feature export file (multipart)
import { withApi } from "@/lib/route/handler";
import { importFeatures, organisationOfEnvironment } from "@/lib/feature-exports/imports";
import { ZFeatureImportParams } from "@/lib/feature-exports/schemas";
import { ZFeatureImport } from "@/lib/feature-exports/responses";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZBadRequest } from "@/lib/api/response-schemas";

export const POST = withApi(
  {
    auth: "user",
    // Imports can be destructive: organisation admins only, as in Flagsmith.
    permission: { organisation: "ADMIN", of: (c) => organisationOfEnvironment(c.params.environmentId) },
    params: ZFeatureImportParams,
    status: 201,
    openapi: {
      operationId: "importFeatures",
      summary: "Import a feature export file into an environment",
      description:
        "A `multipart/form-data` body with `file` (a feature export file, at most 1,000,000 bytes) and `strategy`: `SKIP` leaves features the project has alone, `OVERWRITE_DESTRUCTIVE` replaces their state in this environment and removes their segment and identity overrides here. Missing features are created. Applied in one transaction: a bad file writes nothing. Needs organisation admin.",
      tag: "Features",
      responses: {
        201: ok("The import, applied (status SUCCESS).", ZFeatureImport),
        400: ok(
          "No file, a file too large, not UTF-8, not JSON or not of the export file's shape (`file`), or an unknown `strategy`; or the data would pass a limit.",
          ZBadRequest,
        ),
        403: forbidden("The caller is not an admin of the environment's organisation"),
        404: notFound("The environment"),
      },
    },
  },
  ({ user, params, request }) => importFeatures(user.id, params.environmentId, request),
);
