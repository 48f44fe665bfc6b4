// GET /api/v1/features/download-feature-export/{id}/ — download a feature export file
import { withApi } from "@/lib/route/handler";
import { downloadFeatureExport, environmentOfExport } from "@/lib/feature-exports/exports";
import { ZFeatureExportParams } from "@/lib/feature-exports/schemas";
import { ZFeatureFileDownload } from "@/lib/feature-exports/responses";
import { forbidden, notFound, ok } from "@/lib/openapi/shared";
import { ZErrorDetail } from "@/lib/api/response-schemas";

export const GET = withApi(
  {
    auth: "user",
    permission: { environment: "ADMIN", of: (c) => environmentOfExport(c.params.featureExportId) },
    params: ZFeatureExportParams,
    openapi: {
      operationId: "downloadFeatureExport",
      summary: "Download a feature export file",
      description:
        "The file as an attachment (`feature_export.<id>.json`). Needs admin of the exported environment.",
      tag: "Features",
      responses: {
        200: ok("Flagsmith's feature export file.", ZFeatureFileDownload),
        400: ok("The export did not succeed.", ZErrorDetail),
        403: forbidden("The caller is not an admin of the exported environment"),
        404: notFound("The export"),
      },
    },
  },
  ({ params }) => downloadFeatureExport(params.featureExportId),
);
