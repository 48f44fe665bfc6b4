// GET /api/v1/docs/ — interactive API documentation (Swagger UI)
import { withApi } from "@/lib/route/handler";
import { docsPageResponse } from "@/lib/openapi/docs-page";

export const GET = withApi({ auth: "none" }, () => docsPageResponse());
