// POST /api/v1/features/create-feature-export/ — export an environment's features to a file
import { withApi } from "@/lib/route/handler";
import { createFeatureExport } from "@/lib/feature-exports/exports";
import { ZFeatureExportCreate } from "@/lib/feature-exports/schemas";
import { ZFeatureExport } from "@/lib/feature-exports/responses";
import { forbidden, ok } from "@/lib/openapi/shared";
import { ZBadRequest } from "@/lib/api/response-schemas";

export const POST = withApi(
  {
    auth: "user",
    permission: { environment: "ADMIN", of: (c) => c.body.environment_id, hidden: 403 },
    body: ZFeatureExportCreate,
    status: 201,
    openapi: {
      operationId: "createFeatureExport",
      summary: "Export an environment's features",
      description:
        "Writes Flagsmith's feature export file (one object per unarchived feature, with Ensign's `ensign` extension: description, tags, owners, segment overrides) and keeps it for download. Needs admin of the environment.",
      tag: "Features",
      responses: {
        201: ok("The export, finished (status SUCCESS).", ZFeatureExport),
        400: ok("The body fails validation, or a tag is not of the environment's project.", ZBadRequest),
        403: forbidden("The caller is not an admin of the environment, or it does not exist"),
      },
    },
  },
  ({ body }) => createFeatureExport(body),
);
