// GET /api/v1/docs/assets/{file} — Swagger UI's static files, served from swagger-ui-dist
import { withApi } from "@/lib/route/handler";
import { docsAssetResponse, ZDocsAssetParams } from "@/lib/openapi/docs-page";

export const GET = withApi({ auth: "none", params: ZDocsAssetParams }, ({ params }) =>
  docsAssetResponse(params.file),
);
