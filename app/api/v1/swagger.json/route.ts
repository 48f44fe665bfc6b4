// GET /api/v1/swagger.json — the OpenAPI 3.1 description as JSON
import { withApi } from "@/lib/route/handler";
import { openApiJsonResponse } from "@/lib/openapi/docs-page";

export const GET = withApi({ auth: "none" }, () => openApiJsonResponse());
